import {
  createContext,
  useContext,
  useSyncExternalStore,
  type Context,
  type ReactNode,
} from 'react';
import type { StoreApi, UseBoundStore } from 'zustand';
import type { PageContext } from '@circo/shared-contracts';

// The shell's server bundle and each remote's carry their own copy of shared-web (and share one
// React), so the page's context is found under a global key: every copy reads the one the shell's
// render provides. In the browser shared-web is one singleton anyway.
const KEY = Symbol.for('circo.pageContext');
const holder = globalThis as { [KEY]?: Context<PageContext | null> };
const PageContextOf = (holder[KEY] ??= createContext<PageContext | null>(null));

/**
 * Gives a render the page's context (api/src/web/page-context.ts): the server renders each page
 * inside one, and the browser hydrates the server's HTML inside one made of the page's bootstrap
 * data. Stores made with `pageStore` read it while a server renders and while the browser
 * hydrates, and their own state after.
 */
export function PageContextProvider({
  value,
  children,
}: {
  value: PageContext | null;
  children?: ReactNode;
}) {
  return <PageContextOf.Provider value={value}>{children}</PageContextOf.Provider>;
}

/** The page's context of the render, if any (none: a browser render that hydrates nothing). */
export function usePageContext(): PageContext | null {
  return useContext(PageContextOf);
}

const identity = <T,>(s: T) => s;

/**
 * A store's hook that reads the page's context where React asks for the server's state: during a
 * server render (each page its own context, so pages rendered at once never share a value) and
 * while the browser hydrates the server's HTML (the same values the server rendered with; React
 * renders again with the store's state right after). `view` gives that state from the store's own
 * (its actions) and the page's context; without one, what a server that knows nothing of this
 * browser renders.
 */
export function pageStore<S, Store extends UseBoundStore<StoreApi<S>>>(
  store: Store & UseBoundStore<StoreApi<S>>,
  view: (state: S, page: PageContext | null) => S,
): Store {
  // the same object for the same page and state, as useSyncExternalStore requires
  const views = new WeakMap<PageContext, { from: S; view: S }>();
  let withoutPage: { from: S; view: S } | null = null;
  const serverState = (page: PageContext | null): S => {
    const state = store.getState();
    const last = page ? views.get(page) : withoutPage;
    if (last?.from === state) return last.view;
    const next = { from: state, view: view(state, page) };
    if (page) views.set(page, next);
    else withoutPage = next;
    return next.view;
  };
  function usePageStore<U>(selector: (s: S) => U = identity as (s: S) => U): U {
    const page = useContext(PageContextOf);
    return useSyncExternalStore(
      store.subscribe,
      () => selector(store.getState()),
      () => selector(serverState(page)),
    );
  }
  return Object.assign(usePageStore, store) as unknown as Store;
}
