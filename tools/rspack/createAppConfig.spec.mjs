// The build refuses an app that imports a name the shared part of a package lacks (it would be
// undefined at run time), and records the names a remote imports (tools/rspack/shared-subsets).
import { afterAll, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAppConfig, subsetExports, subsetImports } from './createAppConfig.mjs';

const tmp = mkdtempSync(join(tmpdir(), 'app-config-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function app(source) {
  const dir = mkdtempSync(join(tmp, 'app-'));
  mkdirSync(join(dir, 'src'));
  const catalog = JSON.parse(
    readFileSync(join(import.meta.dirname, '../../mf-catalog/package.json'), 'utf8'),
  );
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ ...catalog, name: '@circo/mf-test' }));
  writeFileSync(join(dir, 'src/index.tsx'), source);
  return dir;
}

it('builds an app that uses the shared names, and lists them for its manifest', () => {
  const dir = app(
    "import { Link, useParams as params } from 'react-router-dom';\nimport { type RouteObject } from 'react-router-dom';\nexport { Link, params };",
  );
  expect(() => createAppConfig({ dirname: dir, name: 'mf_test', port: 1 })).not.toThrow();
  expect(subsetImports(join(dir, 'src'))).toMatchObject({
    'react-router-dom': ['Link', 'useParams'],
    'react-i18next': [],
  });
  expect(subsetExports['react-router-dom']).toEqual(
    expect.arrayContaining(['BrowserRouter', 'Link', 'useParams']),
  );
});

it('refuses an app that imports a name the shared part of a package does not export', () => {
  const dir = app(
    "import { Link, useBlocker } from 'react-router';\nimport { withTranslation } from 'react-i18next';\nexport { Link, useBlocker, withTranslation };",
  );
  const build = () => createAppConfig({ dirname: dir, name: 'mf_test', port: 1 });
  expect(build).toThrow(
    '@circo/mf-test imports useBlocker from react-router, which the shared part of it does not export: add it to tools/rspack/shared-subsets/react-router-dom.mjs',
  );
  expect(build).toThrow(
    '@circo/mf-test imports withTranslation from react-i18next, which the shared part of it does not export: add it to tools/rspack/shared-subsets/react-i18next.mjs',
  );
});

it('leaves out what only the server bundle imports (server.tsx, *.server.ts): no shared module serves it', () => {
  const dir = app("import { Link } from 'react-router-dom';\nexport { Link };");
  writeFileSync(
    join(dir, 'src/server.tsx'),
    "import { StaticRouter } from 'react-router-dom';\nexport { StaticRouter };",
  );
  mkdirSync(join(dir, 'src/federation'));
  writeFileSync(
    join(dir, 'src/federation/registry.server.ts'),
    "import { createStaticHandler } from 'react-router-dom';\nexport { createStaticHandler };",
  );
  expect(() => createAppConfig({ dirname: dir, name: 'mf_test', port: 1 })).not.toThrow();
  expect(subsetImports(join(dir, 'src'))['react-router-dom']).toEqual(['Link']);
});
