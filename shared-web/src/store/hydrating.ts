import { useStore, type StoreApi, type UseBoundStore } from 'zustand';

/**
 * A store's hook that hydrates. While React hydrates the server's HTML (`hydrateRoot`), a hook
 * must read the state the server rendered with, or the first render differs from the HTML;
 * useSyncExternalStore reads it from the store's `getInitialState` (its "server snapshot"), and
 * React renders again with the current state right after hydration. Here that snapshot is
 * `serverView(current state)`: by default the current state itself (the language, the site
 * content and the configuration: the shell sets them from the page's bootstrap data, the same
 * data the server rendered with), or what a server that knows nothing of this browser rendered
 * (no session, an empty cart).
 */
export function hydrating<S, Store extends UseBoundStore<StoreApi<S>>>(
  store: Store & UseBoundStore<StoreApi<S>>,
  serverView: (state: S) => S = (s) => s,
): Store {
  let last: { from: S; view: S } | null = null;
  // the same object for the same state, as useSyncExternalStore requires
  const serverSnapshot = () => {
    const state = store.getState();
    if (last?.from !== state) last = { from: state, view: serverView(state) };
    return last.view;
  };
  const api: StoreApi<S> = {
    getState: store.getState,
    setState: store.setState,
    subscribe: store.subscribe,
    getInitialState: serverSnapshot,
  };
  const useHydratingStore = (selector?: (s: S) => unknown) => useStore(api, selector!);
  return Object.assign(useHydratingStore, store, {
    getInitialState: serverSnapshot,
  }) as unknown as Store;
}
