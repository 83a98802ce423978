// The registry in the shell's server bundle (src/server.tsx): the server loads no remote through
// Module Federation. The page's remote comes from its own server bundle, which the API loads and
// hands to the render (`servingRegistry`, through RemotesRegistryProvider), so RemotePage renders
// it at once, as the browser does once the remote's code is there.
import type { RemoteName, ServerRemoteApp } from '@circo/shared-contracts';
import type { RemoteApp, RemotesRegistry, RemoteRelease } from './createRemotesRegistry';

export type { RemoteApp, RemoteRelease, RemotesRegistry } from './createRemotesRegistry';

const none: readonly RemoteRelease[] = [];

/** A part of the page the server leaves to the browser (not an error to report). */
export class ClientRenderedPart extends Error {}

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
  loadedRemoteApp: () => undefined,
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

/** The registry of one render: it serves the page's remote `remote` (none: every remote fails). */
export function servingRegistry(remote?: { name: string; App: ServerRemoteApp }): RemotesRegistry {
  if (!remote) return remotesRegistry;
  const App = remote.App as RemoteApp;
  return {
    ...remotesRegistry,
    loadedRemoteApp: (name: RemoteName) => (name === remote.name ? App : undefined),
  };
}
