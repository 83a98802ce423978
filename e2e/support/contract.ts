// Contract tests of independent releases: builds of the shell and of a remote from another
// commit (the previously released one), and a composed app that pairs any shell build with any
// remote build over the one e2e API server.
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer, request as httpRequest, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { REMOTES } from '../../shared-contracts/src/routes';
import { baseURL, repoRoot } from './env';

/**
 * Where the builds of other commits are kept between runs, keyed by commit: outside the
 * repository, so that lint, type-check and Nx never see a second copy of the sources.
 */
export const fixturesDir = join(tmpdir(), 'circo-contract-fixtures');

const FOLDERS: Record<string, string> = {
  mf_catalog: 'mf-catalog',
  mf_learning: 'mf-learning',
  mf_checkout: 'mf-checkout',
  mf_admin: 'mf-admin',
};

const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).trim();

/** What a shell or catalogue release is built from: a change elsewhere is not a new release. */
const RELEASED_PATHS = ['shell', 'mf-catalog', 'shared-web', 'shared-contracts'];

/**
 * The previously released commit: $CONTRACT_BASE_REF, else the newest `shell-v*` tag (the
 * release procedure in docs/releasing-a-remote.md tags each shell release), else where this
 * branch left main; on main itself (or a branch that has not left it), the state before the
 * newest change to the released code, so
 * the "previous" builds always differ from today's.
 */
export function baseCommit(): { sha: string; ref: string } {
  const ref =
    process.env.CONTRACT_BASE_REF ||
    git('tag', '--list', 'shell-v*', '--sort=-creatordate').split('\n')[0] ||
    branchPoint();
  return { sha: git('rev-parse', '--verify', `${ref}^{commit}`), ref };
}

function branchPoint(): string {
  const head = git('rev-parse', 'HEAD');
  let fork = head;
  try {
    fork = git('merge-base', 'HEAD', 'main');
  } catch {
    // no local main (a detached CI checkout): treat HEAD as main
  }
  if (fork !== head) return fork;
  const lastChange = git('log', '-1', '--format=%H', 'HEAD', '--', ...RELEASED_PATHS);
  if (!lastChange) return head;
  try {
    return git('rev-parse', '--verify', `${lastChange}^`);
  } catch {
    return head; // the released code was created by the root commit: nothing earlier to pair
  }
}

/**
 * Builds `apps` as they were at `sha` into the fixtures folder, once per commit: the sources come
 * from git, the dependencies are this checkout's (lockfile changes between releases are rare;
 * a release that changes them rebuilds its fixture with its own install).
 */
export function buildAtCommit(sha: string, apps: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  const srcDir = join(fixturesDir, `${sha}-src`);
  for (const app of apps) {
    const dist = join(fixturesDir, sha, app);
    out[app] = dist;
    if (existsSync(join(dist, 'mf-manifest.json'))) continue;
    if (!existsSync(join(srcDir, 'package.json'))) {
      rmSync(srcDir, { recursive: true, force: true });
      mkdirSync(srcDir, { recursive: true });
      const tar = execFileSync('git', ['archive', '--format=tar', sha], {
        cwd: repoRoot,
        maxBuffer: 512 * 1024 * 1024,
      });
      execFileSync('tar', ['-x', '-C', srcDir], { input: tar });
      // this checkout's dependencies, but that commit's own workspace packages (shared-web...)
      const modules = join(srcDir, 'node_modules');
      mkdirSync(join(modules, '@circo'), { recursive: true });
      for (const name of readdirSync(join(repoRoot, 'node_modules'))) {
        if (name !== '@circo')
          symlinkSync(join(repoRoot, 'node_modules', name), join(modules, name));
      }
      for (const name of readdirSync(join(repoRoot, 'node_modules/@circo'))) {
        const own = join(srcDir, name);
        if (existsSync(own)) symlinkSync(own, join(modules, '@circo', name));
      }
    }
    const building = `${dist}.building-${process.pid}`;
    execFileSync('npx', ['rspack', 'build'], {
      cwd: join(srcDir, app),
      env: { ...process.env, NODE_ENV: 'production', MF_OUT_DIR: building },
      stdio: 'pipe',
    });
    rmSync(dist, { recursive: true, force: true });
    renameSync(building, dist);
  }
  return out;
}

/**
 * Builds a copy of the current mf-catalog that a release got wrong: it requires a shared-web
 * minor the shell lacks and calls an export only that minor has, on the courses page.
 */
export function buildSkewedCatalog(): string {
  const dist = join(fixturesDir, 'skewed-mf-catalog');
  const src = join(repoRoot, 'mf-catalog-skew-next');
  rmSync(src, { recursive: true, force: true });
  for (const part of ['src', 'rspack.config.mjs', 'package.json']) {
    cpSync(join(repoRoot, 'mf-catalog', part), join(src, part), { recursive: true });
  }
  const sharedWeb = JSON.parse(readFileSync(join(repoRoot, 'shared-web/package.json'), 'utf8'));
  const [major, minor] = String(sharedWeb.version).split('.').map(Number);
  const pkg = JSON.parse(readFileSync(join(src, 'package.json'), 'utf8'));
  pkg.version = '9.9.9';
  pkg.dependencies['@circo/shared-web'] = `^${major}.${minor + 1}.0`;
  writeFileSync(join(src, 'package.json'), JSON.stringify(pkg));
  const page = join(src, 'src/pages/CoursesPage.tsx');
  writeFileSync(
    page,
    readFileSync(page, 'utf8')
      .replace(
        "import { useTranslation } from 'react-i18next';",
        "import { useTranslation } from 'react-i18next';\nimport { formatDuration } from '@circo/shared-web';",
      )
      .replace('const lang = useLang();', 'const lang = useLang();\n  formatDuration(90);'),
  );
  try {
    // the browser release only: its first-screen server bundle would bundle shared-web's source,
    // which lacks the export this build is made to need
    execFileSync('npx', ['rspack', 'build', '--config-name', 'client'], {
      cwd: src,
      env: { ...process.env, NODE_ENV: 'production', MF_OUT_DIR: dist },
      stdio: 'pipe',
    });
  } finally {
    rmSync(src, { recursive: true, force: true });
  }
  return dist;
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.css': 'text/css',
  '.html': 'text/html',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
};

function sendFile(res: ServerResponse, root: string, path: string): boolean {
  const file = normalize(join(root, decodeURIComponent(path)));
  if (!file.startsWith(root + sep) || !existsSync(file) || extname(file) === '') return false;
  res.setHeader('Content-Type', TYPES[extname(file)] ?? 'application/octet-stream');
  res.end(readFileSync(file));
  return true;
}

/**
 * The composed app with one shell build and chosen remote builds, on `port` (see `contractPort`): its own
 * /remotes.json points the chosen remotes at their builds and the others at the e2e server's;
 * the API, media and other remotes are proxied to the e2e server.
 */
export async function serveComposition(
  port: number,
  shellDist: string,
  remotes: Record<string, string>,
): Promise<{ url: string; close: () => Promise<void> }> {
  const target = new URL(baseURL);
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/remotes.json') {
      const file = Object.fromEntries(
        REMOTES.map((name) => [
          name,
          remotes[name]
            ? `/contract/${name}/mf-manifest.json`
            : `/remotes/${FOLDERS[name]}/mf-manifest.json`,
        ]),
      );
      res.setHeader('Content-Type', 'application/json');
      res.setHeader('Cache-Control', 'no-cache');
      res.end(JSON.stringify(file));
      return;
    }
    const own = /^\/contract\/([a-z_]+)\/(.+)$/.exec(path);
    if (own && remotes[own[1]]) {
      if (!sendFile(res, remotes[own[1]], own[2])) res.writeHead(404).end();
      return;
    }
    if (/^\/(api|remotes|media)\//.test(path)) {
      const upstream = httpRequest(
        {
          host: target.hostname,
          port: target.port,
          path: req.url,
          method: req.method,
          headers: { ...req.headers, host: target.host },
        },
        (up) => {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
        },
      );
      upstream.on('error', () => res.writeHead(502).end());
      req.pipe(upstream);
      return;
    }
    if (path !== '/' && sendFile(res, shellDist, path)) return;
    // a route of the single-page app
    res.setHeader('Content-Type', 'text/html');
    res.end(readFileSync(join(shellDist, 'index.html')));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
