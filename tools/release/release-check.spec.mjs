// `npm run release:check`: the real script on real builds (npm test builds them first; a focused
// run builds what is missing), and on a remote skewed towards a shared-web the shell lacks.
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './public-api.mjs';

const shellManifest = join(root, 'shell/dist/mf-manifest.json');
const catalogManifest = join(root, 'mf-catalog/dist/mf-manifest.json');
const tmp = mkdtempSync(join(tmpdir(), 'release-check-'));

beforeAll(() => {
  for (const [app, manifest] of [
    ['shell', shellManifest],
    ['mf-catalog', catalogManifest],
  ]) {
    if (!existsSync(manifest)) execFileSync('npx', ['rspack', 'build'], { cwd: join(root, app) });
  }
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const check = (...args) => {
  const r = spawnSync(process.execPath, [join(root, 'scripts/release-check.mjs'), ...args], {
    cwd: root,
    encoding: 'utf8',
  });
  return { code: r.status, out: r.stdout + r.stderr };
};

it('accepts the current mf-catalog build with the current shell', () => {
  const { code, out } = check('mf_catalog', catalogManifest, '--shell', shellManifest);
  expect(out).toContain('OK: mf_catalog');
  expect(out).toContain('Re-point it in the remotes file');
  expect(code).toBe(0);
});

it('refuses a remote built against a shared-web the deployed shell lacks, saying why', () => {
  const shell = JSON.parse(readFileSync(shellManifest, 'utf8'));
  const provided = shell.shared.find((s) => s.name === '@circo/shared-web').version;
  const [major, minor] = provided.split('.').map(Number);
  const next = `${major}.${minor + 1}.0`;
  // the catalogue as rebuilt against a shared-web with one more export (a minor release)
  const skewed = JSON.parse(readFileSync(catalogManifest, 'utf8'));
  for (const s of skewed.shared) {
    if (s.name === '@circo/shared-web')
      Object.assign(s, { version: next, requiredVersion: `^${next}` });
  }
  skewed.release.uses['@circo/shared-web'].push('formatDuration');
  const file = join(tmp, 'skewed-manifest.json');
  writeFileSync(file, JSON.stringify(skewed));

  const { code, out } = check('mf-catalog', file, '--shell', shellManifest);
  expect(out).toContain('REFUSED: mf_catalog');
  expect(out).toContain(`requires @circo/shared-web ^${next} but the shell`);
  expect(out).toContain(`provides ${provided}`);
  expect(out).toContain('imports formatDuration from @circo/shared-web');
  expect(out).toContain('Keep the current entry in the remotes file.');
  expect(code).toBe(1);
});

it("refuses a remote that uses the shell's Module Federation runtime under a shell that does not provide it", () => {
  const external = JSON.parse(readFileSync(catalogManifest, 'utf8'));
  external.release.runtime = { ...external.release.runtime, mode: 'external' };
  const remoteFile = join(tmp, 'external-runtime-manifest.json');
  writeFileSync(remoteFile, JSON.stringify(external));
  // the current shell provides its runtime to the page
  expect(check('mf_catalog', remoteFile, '--shell', shellManifest)).toMatchObject({
    code: 0,
    out: expect.stringContaining('OK: mf_catalog'),
  });
  // a shell released before it did (its manifest records no runtime)
  const old = JSON.parse(readFileSync(shellManifest, 'utf8'));
  delete old.release.runtime;
  const oldShell = join(tmp, 'old-shell-manifest.json');
  writeFileSync(oldShell, JSON.stringify(old));
  const { code, out } = check('mf_catalog', remoteFile, '--shell', oldShell);
  expect(out).toContain('REFUSED: mf_catalog');
  expect(out).toContain(
    "it was built to use the shell's Module Federation runtime (experiments.externalRuntime) but the shell",
  );
  expect(out).toContain(
    'deploy a shell that provides it (experiments.provideExternalRuntime) first',
  );
  expect(code).toBe(1);
});

it('refuses a remote that imports a router name the shell does not share, saying where to add it', () => {
  const shell = JSON.parse(readFileSync(shellManifest, 'utf8'));
  expect(shell.release.provides['react-router-dom']).toEqual(
    expect.arrayContaining(['Link', 'useNavigate', 'useParams']),
  );
  const current = JSON.parse(readFileSync(catalogManifest, 'utf8'));
  expect(current.release.uses['react-router-dom']).toContain('Link');
  const skewed = structuredClone(current);
  skewed.release.uses['react-router-dom'].push('useBlocker');
  const file = join(tmp, 'router-skewed-manifest.json');
  writeFileSync(file, JSON.stringify(skewed));
  const { code, out } = check('mf_catalog', file, '--shell', shellManifest);
  expect(out).toContain('REFUSED: mf_catalog');
  expect(out).toContain('imports useBlocker from react-router-dom');
  expect(out).toContain('tools/rspack/shared-subsets');
  expect(code).toBe(1);
});

it('cannot tell (exit 2) without a usable manifest or with an unknown remote', () => {
  expect(check('mf_catalog', join(tmp, 'nope.json'), '--shell', shellManifest)).toMatchObject({
    code: 2,
    out: expect.stringContaining('does not exist'),
  });
  writeFileSync(join(tmp, 'other.json'), '{"hello": 1}');
  expect(check('mf_catalog', join(tmp, 'other.json'), '--shell', shellManifest)).toMatchObject({
    code: 2,
    out: expect.stringContaining('is not a Module Federation manifest'),
  });
  expect(check('mf_nope', catalogManifest)).toMatchObject({
    code: 2,
    out: expect.stringContaining('"mf_nope" is not a remote'),
  });
  expect(check('mf_catalog')).toMatchObject({ code: 2, out: expect.stringContaining('usage:') });
});
