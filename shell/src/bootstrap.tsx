import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { ComponentChild } from 'preact';
import { BrowserRouter, matchRoutes } from 'react-router-dom';
import { ROUTES, isLang, type PublicConfig, type RemoteName } from '@circo/shared-contracts';
import {
  QueryProvider,
  addTranslations,
  api,
  queryClient,
  useAppConfig,
  useLanguageStore,
  useSessionStore,
  useSiteContentStore,
} from '@circo/shared-web';
import '@circo/shared-web/src/ui/theme.css';
import es from './locales/es.json';
import en from './locales/en.json';
import fr from './locales/fr.json';
import { holdFirstScreen } from './federation/firstScreenHandover';
import { nextTask } from './nextTask';
import { readPageBootstrap } from './federation/pageBootstrap';
import {
  loadRemoteApp,
  registerRemotesFromFile,
  registerRemotesMap,
} from './federation/remotesRegistry';
import { AppRoutes } from './router';

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

/** How long the shell waits for the page's remote before it renders over the server's first screen. */
const FIRST_SCREEN_WAIT_MS = 10_000;

/**
 * The server sent the page's first screen (api/src/web/first-screen.ts): React's first commit
 * replaces it, so it waits for the page's remote (its code is preloaded) and the page renders at
 * once in its final form, in one go, instead of a loading state in between.
 */
async function waitForFirstScreenRemote(): Promise<void> {
  if (!document.getElementById('root')?.hasChildNodes()) return;
  const owner = matchRoutes(
    ROUTES.map((r) => ({ path: r.path, owner: r.owner })),
    window.location.pathname,
  )?.[0]?.route.owner;
  if (!owner || owner === 'shell') return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    loadRemoteApp(owner as RemoteName).catch(() => undefined),
    new Promise((resolve) => (timer = setTimeout(resolve, FIRST_SCREEN_WAIT_MS))),
  ]);
  clearTimeout(timer);
}

/**
 * React's API runs on Preact here (tools/rspack/createAppConfig.mjs). Preact's own render into a
 * container that holds the server's first screen reuses its elements (compat's createRoot empties
 * the container first): the first render diffs the same markup (attributes, text) instead of
 * building the DOM again, so the browser has no new layout to do, and what differs from the
 * server's view for a visitor (a signed-in header, a cart count, a phone's compact search box) is
 * corrected in the same pass. The module is the one the shared react (preact/compat) runs on,
 * taken without loading anything (a weak import; a second copy would not know compat's hooks):
 * none (a react that is not the shell's Preact) leaves createRoot.
 */
const preactOfSharedReact = () => import(/* webpackMode: "weak" */ 'preact').catch(() => null);

async function start(): Promise<void> {
  // clicks and typing on the server's first screen are kept until the live page takes over
  const firstScreen = holdFirstScreen(document.getElementById('root'));
  // what the server wrote into the page saves the requests below (each a round trip on a phone)
  const page = readPageBootstrap();
  const lang = useLanguageStore.getState().lang;
  if (page.content && page.lang === lang) {
    useSiteContentStore.setState((s) => ({ byLang: { ...s.byLang, [lang]: page.content! } }));
    // the page's first answers (the list, the course): its first render asks for nothing
    for (const q of page.queries ?? []) queryClient.setQueryData(q.key, q.data);
  }
  // runtime composition: nothing about the remotes is baked into this build
  const remotes = (
    page.remotes
      ? nextTask().then(() => registerRemotesMap(page.remotes!))
      : registerRemotesFromFile()
  ).catch((err: unknown) => {
    console.error('/remotes.json could not be read; remote areas will show as unavailable', err);
  });
  const config = (page.config ? Promise.resolve(page.config) : api<PublicConfig>('/config'))
    .then((c) => useAppConfig.setState(c))
    .catch((err: unknown) => console.error('public config could not be loaded', err));
  void useSessionStore.getState().restore();
  await Promise.all([remotes, config]);
  await waitForFirstScreenRemote();
  // the remote's code was just evaluated: the render (one pass) is a task of its own
  await nextTask();

  const container = document.getElementById('root')!;
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
  const preact = await preactOfSharedReact();
  await firstScreen.around(() => {
    if (preact) preact.render(app as unknown as ComponentChild, container);
    else createRoot(container).render(app);
    // the page is live (its elements may be the server's): what the journeys wait for
    container.dataset.live = '';
  });
}

void start();
