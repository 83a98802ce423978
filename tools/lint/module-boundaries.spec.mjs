// The lint rules that keep the micro-frontends apart (docs/architecture.md), run on real paths.
import { expect, test } from '@jest/globals';
import { ESLint } from 'eslint';
import { join } from 'node:path';

const root = join(import.meta.dirname, '../..');
// The project's config as it stands, without type information: the rule under test reads import
// paths only, and the typed programs of the front ends and of the API were most of this file's
// time. Only that rule runs.
const eslint = new ESLint({
  cwd: root,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports',
});

async function boundaryErrors(file, code) {
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

test.each([
  ['mf-catalog/src/exposes/App.tsx', "import { x } from '@circo/mf-learning';"],
  [
    'mf-catalog/src/exposes/App.tsx',
    "import { x } from '../../../mf-learning/src/pages/MyCourses';",
  ],
  ['mf-checkout/src/exposes/App.tsx', "import { x } from '@circo/shell';"],
  ['mf-admin/src/exposes/App.tsx', "import { x } from '../../../shell/src/router';"],
  ['shell/src/router.tsx', "import { x } from '../../mf-admin/src/exposes/App';"],
  ['shared-web/src/index.ts', "import { x } from '@circo/mf-catalog';"],
  ['shared-contracts/src/index.ts', "import { create as x } from 'zustand';"],
  ['api/src/main.ts', "import { x } from '@circo/shared-web';"],
])('%s may not: %s', async (file, line) => {
  const errors = await boundaryErrors(file, `${line}\nexport const y = x;\n`);
  expect(errors).toHaveLength(1);
});

test.each([
  ['mf-catalog/src/exposes/App.tsx', "import { useCartStore } from '@circo/shared-web';"],
  ['shell/src/router.tsx', "import { ROUTES } from '@circo/shared-contracts';"],
  ['api/src/main.ts', "import { LANGUAGES } from '@circo/shared-contracts';"],
])('%s may: %s', async (file, line) => {
  expect(await boundaryErrors(file, `${line}\nexport const y = 1;\n`)).toEqual([]);
});
