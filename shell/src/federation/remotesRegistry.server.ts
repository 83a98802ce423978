// The registry in the shell's server bundle (src/server.tsx): the server loads no remote through
// Module Federation. The page's remote comes from its own server bundle, which the API loads and
// hands to the render (`serveRemote`), so RemotePage renders it at once, as the browser does once
// the remote's code is there.
import type { RemoteName } from '@circo/shared-contracts';
import type { RemoteApp, RemotesRegistry, RemoteRelease } from './createRemotesRegistry';

export type { RemoteApp, RemoteRelease, RemotesRegistry } from './createRemotesRegistry';

const none: readonly RemoteRelease[] = [];

/** A part of the page the server leaves to the browser (not an error to report). */
export class ClientRenderedPart extends Error {}
/** The remotes of the render in progress (a render is synchronous: one at a time). */
const served = new Map<string, RemoteApp>();

/** Gives the render in progress the remote `name`'s page component (none: clears them). */
export function serveRemote(remote?: { name: string; App: RemoteApp }): void {
  served.clear();
  if (remote) served.set(remote.name, remote.App);
}

/**
 * A remote the render was not given: its boundary is sent with its fallback (server.tsx tags the
 * error CLIENT_RENDERED), and the browser renders it. Already rejected, as React's `use` reads
 * it: the render does not wait for it.
 */
const fail = (name: RemoteName) => {
  const reason = new ClientRenderedPart(`the page part of ${name} is the browser's to render`);
  const p = Promise.reject(reason) as Promise<never> & { status?: string; reason?: unknown };
  p.catch(() => undefined);
  return Object.assign(p, { status: 'rejected', reason });
};

export const remotesRegistry: RemotesRegistry = {
  registerRemotesFromFile: () => Promise.resolve(),
  registerRemotesMap: () => {},
  loadedRemoteApp: (name: RemoteName) => served.get(name),
  loadRemoteApp: fail,
  resetRemote: () => {},
  markFailed: () => {},
  preloadRemoteApp: () => {},
  releases: () => none,
  subscribe: () => () => {},
};

export const {
  registerRemotesFromFile,
  registerRemotesMap,
  loadedRemoteApp,
  loadRemoteApp,
  resetRemote,
  preloadRemoteApp,
} = remotesRegistry;
