import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { CLIENT_RENDERED, isLang, matchRoute, type PublicConfig } from '@circo/shared-contracts';
import {
  PageContextProvider,
  QueryProvider,
  addTranslations,
  api,
  learningKeys,
  queryClient,
  seedQueries,
  useAppConfig,
  useLanguageStore,
  useSessionStore,
  useSiteContentStore,
  watchOutbox,
} from '@circo/shared-web';
import '@circo/shared-web/src/ui/theme.css';
import es from './locales/es.json';
import en from './locales/en.json';
import fr from './locales/fr.json';
import { pageContextOf, readPageBootstrap } from './federation/pageBootstrap';
import { registerRemotesFromFile, registerRemotesMap } from './federation/remotesRegistry';
import { AppRoutes } from './router';
import { registerServiceWorker } from './offline/serviceWorker';

addTranslations('shell', { es, en, fr });

// `?lang=xx` (the address of a page in one language, as the server's hreflang links give it)
// picks that language, kept like a choice in the selector; the parameter then leaves the address
function languageFromAddress(): void {
  const url = new URL(window.location.href);
  const lang = url.searchParams.get('lang');
  if (lang === null) return;
  if (isLang(lang)) useLanguageStore.getState().setLang(lang);
  url.searchParams.delete('lang');
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
}
languageFromAddress();

async function start(): Promise<void> {
  // what the server wrote into the page saves the requests below (each a round trip on a phone)
  const page = readPageBootstrap();
  const lang = useLanguageStore.getState().lang;
  if (page.content && page.lang === lang) {
    useSiteContentStore.setState((s) => ({ byLang: { ...s.byLang, [lang]: page.content! } }));
    // the page's first answers (the list, the course): its first render asks for nothing
    seedQueries(queryClient, page.queries ?? []);
  }
  // runtime composition: nothing about the remotes is baked into this build
  const remotes = (
    page.remotes
      ? Promise.resolve().then(() => registerRemotesMap(page.remotes!))
      : registerRemotesFromFile()
  ).catch((err: unknown) => {
    console.error('/remotes.json could not be read; remote areas will show as unavailable', err);
  });
  const config = (page.config ? Promise.resolve(page.config) : api<PublicConfig>('/config'))
    .then((c) => useAppConfig.setState(c))
    .catch((err: unknown) => console.error('public config could not be loaded', err));
  void useSessionStore.getState().restore();
  // what was marked or logged with no network goes once the network and the session are there
  const flushOutbox = watchOutbox(
    () => useSessionStore.getState().user?._id ?? null,
    () => void queryClient.invalidateQueries({ queryKey: learningKeys.all }),
  );
  useSessionStore.subscribe((s, before) => {
    if (s.user && s.user._id !== before.user?._id) flushOutbox();
  });
  await Promise.all([remotes, config]);

  const container = document.getElementById('root')!;
  // the server's first screen was rendered in the page's context: the hydration reads it too
  const context = pageContextOf(page);
  const app = (
    <StrictMode>
      {/* the one QueryClient: remotes rendered inside read it through the shared singleton */}
      <QueryProvider>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </QueryProvider>
    </StrictMode>
  );
  // the server's first screen, in this visitor's language: React hydrates it (keeps its elements,
  // attaches the page's handlers, and replays a form sent before this moment); the page's remote
  // part is hydrated once its code is there (RemotePage's Suspense boundary)
  // (a page behind a sign-in is sent as waiting for the session: one without a session leaves)
  const leaving =
    !!matchRoute(window.location.pathname)?.route.access && !useSessionStore.getState().token;
  if (container.firstElementChild && context?.lang === lang && !leaving) {
    hydrateRoot(container, <PageContextProvider value={context}>{app}</PageContextProvider>, {
      // a part the server left to the browser on purpose is no error
      onRecoverableError: (error) => {
        if ((error as { digest?: string } | null)?.digest !== CLIENT_RENDERED)
          console.error('hydration', error);
      },
    });
  } else {
    // no first screen, one in another language than this visitor's, or one it leaves for /login
    container.replaceChildren();
    createRoot(container).render(app);
  }
  // practising offline: after the load, never in its way
  void registerServiceWorker();
}

void start();
