import { loadRemote, preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { createRemotesRegistry, type RemotesRegistry } from './createRemotesRegistry';

export type { RemoteApp, RemotesRegistry } from './createRemotesRegistry';

/** The shell's one registry, over the Module Federation runtime. */
export const remotesRegistry: RemotesRegistry = createRemotesRegistry({
  registerRemotes,
  loadRemote,
  preloadRemote,
});

export const {
  registerRemotesFromFile,
  loadedRemoteApp,
  loadRemoteApp,
  resetRemote,
  preloadRemoteApp,
} = remotesRegistry;
