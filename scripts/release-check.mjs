// `npm run release:check -- <remote> <manifest URL or path> [--shell <shell manifest URL or path>]`
// Before re-pointing a remote in the remotes file: does the build at <manifest> fit the deployed
// shell? Exit 0 when compatible, 1 when not (each reason printed), 2 when it cannot tell.
// The rule is shared with the API: shared-contracts/src/domain/release-compat.ts.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { root, run } from './lib.mjs';

const USAGE =
  'usage: npm run release:check -- <remote, e.g. mf_catalog> <its mf-manifest.json URL or path> [--shell <the deployed shell manifest URL or path, default shell/dist/mf-manifest.json>]';

async function loadContracts() {
  const dist = join(root, 'shared-contracts/dist/index.js');
  const rule = join(root, 'shared-contracts/src/domain/release-compat.ts');
  // the rule is TypeScript: compile shared-contracts when its build is missing or older
  if (!existsSync(dist) || statSync(dist).mtimeMs < statSync(rule).mtimeMs)
    run('npx', ['tsc', '-p', 'shared-contracts/tsconfig.build.json']);
  return import(pathToFileURL(dist).href);
}

async function loadManifest(where, what) {
  let text;
  if (/^https?:\/\//.test(where)) {
    const res = await fetch(where, { signal: AbortSignal.timeout(10_000) }).catch((err) => {
      throw new Error(`${what} ${where} cannot be fetched (${err.cause?.code ?? err.message})`);
    });
    if (!res.ok) throw new Error(`${what} ${where} answered ${res.status}`);
    text = await res.text();
  } else {
    const file = resolve(process.env.INIT_CWD ?? process.cwd(), where);
    if (!existsSync(file)) throw new Error(`${what} ${file} does not exist (build it first?)`);
    text = readFileSync(file, 'utf8');
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`${what} ${where} is not JSON`);
  }
}

async function main(argv) {
  const args = [...argv];
  let shell = join(root, 'shell/dist/mf-manifest.json');
  const at = args.indexOf('--shell');
  if (at >= 0) [, shell] = args.splice(at, 2);
  const [rawName, remoteAt] = args;
  if (!rawName || !remoteAt || !shell || args.length > 2) {
    console.error(USAGE);
    return 2;
  }
  const { REMOTES, checkCompatibility, isFederationManifest } = await loadContracts();
  // the folder name (mf-catalog) is accepted for the container name (mf_catalog)
  const remote = rawName.replace(/-/g, '_');
  if (!REMOTES.includes(remote)) {
    console.error(`"${rawName}" is not a remote (known: ${REMOTES.join(', ')})`);
    return 2;
  }
  let remoteManifest;
  let shellManifest;
  try {
    [remoteManifest, shellManifest] = await Promise.all([
      loadManifest(remoteAt, `the ${remote} manifest`),
      loadManifest(shell, 'the shell manifest'),
    ]);
  } catch (err) {
    console.error(`release:check cannot tell: ${err.message}`);
    return 2;
  }
  for (const [m, where] of [
    [remoteManifest, remoteAt],
    [shellManifest, shell],
  ]) {
    if (!isFederationManifest(m)) {
      console.error(`release:check cannot tell: ${where} is not a Module Federation manifest`);
      return 2;
    }
  }

  const report = checkCompatibility(remote, remoteManifest, shellManifest);
  const label = `${remote} ${report.remoteVersion ?? '(no version)'}`;
  const shellLabel = `the shell ${report.shellVersion ?? '(no version)'}`;
  if (report.compatible) {
    console.log(
      `OK: ${label} (${remoteAt}) is compatible with ${shellLabel} (${shell}).\n` +
        `Re-point it in the remotes file: { "${remote}": { "entry": "${remoteAt}", "version": "${report.remoteVersion ?? ''}" } }`,
    );
    return 0;
  }
  console.error(
    `REFUSED: ${label} (${remoteAt}) must not go live with ${shellLabel} (${shell}):\n` +
      report.problems.map((p) => `  - ${p}`).join('\n') +
      '\nKeep the current entry in the remotes file.',
  );
  return 1;
}

process.exitCode = await main(process.argv.slice(2));
