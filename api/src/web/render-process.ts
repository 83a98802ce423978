// The page renderer's process: the apps' server bundles run here, not in the API. The
// API starts it with an empty environment and, through Node's permission model, no file it may
// read but this one (page-renderer.ts): a remote's bundle fetched from where its team released it
// runs with no secret of the API within reach (no DATABASE_URL, JWT_SECRET or Stripe key, in its
// environment or the API's files). It imports only Node's own modules, so it needs no other file.
// It answers one message per page: the bundles' code (when it does not hold that release yet) and
// what the shell's `renderPage` needs; it sends back the page's markup and what went wrong. Pages
// are rendered side by side, each in its own page context.
import { createRequire } from 'node:module';
import { runInThisContext } from 'node:vm';
import type { RemoteFirstScreen, ServerRemoteApp, ShellFirstScreen } from '@circo/shared-contracts';
import type { RenderReply, RenderRequest, BundleCode } from './render-protocol.js';

interface Held<T> {
  key: string;
  mod: T | null;
}

/** The bundles this process holds: the shell's, and one release per remote. */
const held = new Map<string, Held<unknown>>();

/**
 * A CommonJS bundle's exports. `provided` answers the packages the shell's bundle shares (one
 * React for the page's tree); anything else resolves from `file`, which for a bundle that came
 * over the wire is no real file, so only Node's own modules resolve.
 */
function evaluate(file: string, code: string, provided: Record<string, unknown>): unknown {
  const module = { exports: {} as unknown };
  // a fetched bundle resolves from a folder that holds nothing (and that it may not read anyway)
  const own = createRequire(file.startsWith('/') ? file : '/nonexistent/released/bundle.cjs');
  const require = Object.assign(
    (id: string) => (Object.hasOwn(provided, id) ? provided[id] : own(id)),
    own,
  ) as NodeJS.Require;
  const wrapper = runInThisContext(
    `(function (exports, require, module, __filename, __dirname) {${code}\n})`,
    { filename: file },
  ) as (e: unknown, r: NodeJS.Require, m: { exports: unknown }, f: string, d: string) => void;
  wrapper(module.exports, require, module, file, file.replace(/\/[^/]*$/, ''));
  return module.exports;
}

function load<T extends { firstScreenApi: number }>(
  slot: string,
  bundle: BundleCode,
  api: number,
  provided: Record<string, unknown>,
  logs: RenderReply['logs'],
): T | null {
  const hit = held.get(slot);
  if (hit?.key === bundle.key) return hit.mod as T | null;
  if (bundle.code === undefined) {
    logs.push({ msg: `the renderer does not hold ${bundle.file} (${bundle.key})`, err: '' });
    return null;
  }
  let mod: T | null = null;
  try {
    const m = evaluate(bundle.file, bundle.code, provided) as T | null;
    if (m?.firstScreenApi === api) mod = m;
    else
      logs.push({
        msg: `the server bundle ${bundle.file} follows first-screen contract ${String(m?.firstScreenApi)}, not ${api}`,
        err: '',
      });
  } catch (err) {
    logs.push({ msg: `the server bundle ${bundle.file} could not be loaded`, err: text(err) });
  }
  held.set(slot, { key: bundle.key, mod });
  return mod;
}

function text(err: unknown): string {
  return err instanceof Error ? err.stack || err.message : String(err);
}

async function render(req: RenderRequest): Promise<RenderReply> {
  const logs: RenderReply['logs'] = [];
  const shell = load<ShellFirstScreen>('shell', req.shell, req.api, {}, logs);
  if (!shell) return { id: req.id, html: null, partFailed: false, logs };
  let remote: { name: string; App: ServerRemoteApp } | undefined;
  if (req.remote) {
    // a remote's bundle runs on the shell's shared packages: a new shell release loads it again
    const slot = `remote:${req.remote.name}`;
    const code = { ...req.remote.bundle, key: `${req.remote.bundle.key}@${req.shell.key}` };
    const bundle = load<RemoteFirstScreen>(slot, code, req.api, shell.shared, logs);
    try {
      const { lang, content, config, session } = req.input;
      const App = bundle?.serverApp({ lang, content, config, session });
      if (App) remote = { name: req.remote.name, App };
    } catch (err) {
      logs.push({
        msg: `the page part of ${req.input.pathname} failed; the browser renders it`,
        err: text(err),
      });
    }
  }
  let partFailed = false;
  try {
    const html = await shell.renderPage({
      ...req.input,
      remote,
      // the part is sent as its loading state, and the browser renders it
      onError: (err) => {
        partFailed = true;
        logs.push({
          msg: `a part of the first screen of ${req.input.pathname} failed; the browser renders it`,
          err: text(err),
        });
      },
    });
    return { id: req.id, html, partFailed: partFailed || (!!req.remote && !remote), logs };
  } catch (err) {
    logs.push({
      msg: `the first screen of ${req.input.pathname} failed; the page is sent without it`,
      err: text(err),
    });
    return { id: req.id, html: null, partFailed: true, logs };
  }
}

// pages are rendered side by side: each render reads its own page context (no bundle writes a
// store on the server). A message's bundles are loaded as it arrives, so a release's code, sent
// with the first page that needs it, is there for the pages that follow
process.on('message', (req: RenderRequest) => {
  render(req)
    .then((reply) => process.send?.(reply))
    .catch(() => undefined);
});
// the API's end is this process's end
process.on('disconnect', () => process.exit(0));
process.send?.({ ready: true });
