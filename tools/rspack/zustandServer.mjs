// zustand for server bundles (tools/rspack/createServerConfig.mjs). zustand's hooks read a store's
// INITIAL state during a server render (useSyncExternalStore's server snapshot); a first screen is
// rendered from the state its caller set (the page's language, the site content), so here the
// server snapshot is the current state. Same API as `zustand` otherwise.
import React from 'react';
import { createStore } from 'zustand/vanilla';

const identity = (arg) => arg;

export function useStore(api, selector = identity) {
  const get = () => selector(api.getState());
  return React.useSyncExternalStore(api.subscribe, get, get);
}

const createImpl = (createState) => {
  const api = createStore(createState);
  const useBoundStore = (selector) => useStore(api, selector);
  Object.assign(useBoundStore, api);
  return useBoundStore;
};

export const create = (createState) => (createState ? createImpl(createState) : createImpl);
