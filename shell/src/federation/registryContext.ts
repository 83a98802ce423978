import { createContext } from 'react';
import { remotesRegistry, type RemotesRegistry } from './remotesRegistry';

/**
 * The registry RemotePage loads remotes from: the shell's one registry, unless a render gives its
 * own (the server's render, serving the page's remote from its server bundle: server.tsx).
 */
const RemotesRegistryContext = createContext<RemotesRegistry>(remotesRegistry);

export const RemotesRegistryProvider = RemotesRegistryContext.Provider;
export { RemotesRegistryContext };
