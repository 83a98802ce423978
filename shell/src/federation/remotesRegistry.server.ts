// The registry in the shell's server bundle (src/server.tsx): the server renders no remote through
// Module Federation (the remote's own server bundle writes its page), so nothing loads here.
import type { RemotesRegistry, RemoteRelease } from './createRemotesRegistry';

export type { RemoteApp, RemoteRelease, RemotesRegistry } from './createRemotesRegistry';

const none: readonly RemoteRelease[] = [];
const fail = () => Promise.reject(new Error('no remote loads on the server'));

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
