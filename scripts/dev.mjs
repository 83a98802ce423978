// `npm run dev`: the API (recompiled and restarted on change) and every app's dev server with hot
// reload. /remotes.json points the shell (http://localhost:4200) at the remotes' dev servers.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDeps, nxEnv, root, run, startChild } from './lib.mjs';

ensureDeps();
run(
  'npx',
  [
    'nx',
    'run-many',
    '-t',
    'build',
    '-p',
    '@circo/shared-contracts',
    '@circo/api',
    '--outputStyle=static',
  ],
  { env: nxEnv },
);
const dataDir = process.env.DATA_DIR ?? join(root, 'data');
mkdirSync(dataDir, { recursive: true });
const remotesFile = join(dataDir, 'remotes.dev.json');
writeFileSync(
  remotesFile,
  JSON.stringify(
    {
      mf_catalog: 'http://localhost:4201/mf-manifest.json',
      mf_learning: 'http://localhost:4202/mf-manifest.json',
      mf_checkout: 'http://localhost:4203/mf-manifest.json',
      mf_admin: 'http://localhost:4204/mf-manifest.json',
    },
    null,
    2,
  ),
);
const env = { NODE_ENV: 'development' };
startChild('npx', ['tsc', '-p', 'api/tsconfig.build.json', '--watch', '--preserveWatchOutput']);
startChild(process.execPath, ['--watch-path=api/dist', 'api/dist/main.js'], {
  // the release gate compares the remotes with the shell that runs: the dev server's build
  env: { REMOTES_FILE: remotesFile, SHELL_MANIFEST_URL: 'http://localhost:4200/mf-manifest.json' },
});
for (const app of ['shell', 'mf-catalog', 'mf-learning', 'mf-checkout', 'mf-admin']) {
  startChild('npx', ['rspack', 'serve'], { cwd: join(root, app), env });
}
console.log('\n  Dev: open http://localhost:4200 (API on http://localhost:3000)\n');
