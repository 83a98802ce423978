import {
  loadRemote,
  preloadRemote,
  registerPlugins,
  registerRemotes,
} from '@module-federation/enhanced/runtime';
import { createRemotesRegistry, type RemotesRegistry } from './createRemotesRegistry';
import { linkedStylesheetsPlugin } from './linkedStylesheets';

export type { RemoteApp, RemoteRelease, RemotesRegistry } from './createRemotesRegistry';

/** The shell's one registry, over the Module Federation runtime. */
export const remotesRegistry: RemotesRegistry = createRemotesRegistry({
  registerRemotes,
  loadRemote,
  preloadRemote,
  onRemoteSnapshot: (listener) =>
    registerPlugins([
      {
        name: 'circo-remote-versions',
        afterLoadSnapshot(args) {
          listener(args.moduleInfo.name, args.remoteSnapshot);
          return args;
        },
      },
      linkedStylesheetsPlugin,
    ]),
});

export const {
  registerRemotesFromFile,
  registerRemotesMap,
  loadedRemoteApp,
  loadRemoteApp,
  resetRemote,
  preloadRemoteApp,
} = remotesRegistry;
