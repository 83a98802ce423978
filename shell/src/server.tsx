// The shell's server bundle (the first screen): the whole page, rendered with
// react-dom/server as ONE React tree, the same the browser hydrates (bootstrap.tsx): the shell's
// routes and layout, and inside the page's RemotePage boundary the remote's own `./App`, which
// the API loads from the remote's server bundle and passes in. Built by rspack.config.mjs into
// dist/server/first-screen.cjs; the API loads it (api/src/web/first-screen.ts).
import * as React from 'react';
import { StrictMode } from 'react';
import * as jsxRuntime from 'react/jsx-runtime';
import * as ReactDOM from 'react-dom';
import * as ReactDOMServer from 'react-dom/server';
import * as ReactRouter from 'react-router';
import * as ReactRouterDom from 'react-router-dom';
import * as ReactI18next from 'react-i18next';
import * as I18next from 'i18next';
import * as ReactQuery from '@tanstack/react-query';
import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { I18nextProvider } from 'react-i18next';
import {
  CLIENT_RENDERED,
  FIRST_SCREEN_API,
  type PageContext,
  type ShellFirstScreen,
} from '@circo/shared-contracts';
import {
  PageContextProvider,
  QueryProvider,
  addTranslations,
  createQueryClient,
  seedQueries,
} from '@circo/shared-web';
// the same module RemotePage's registry is in this bundle (rspack.config.mjs replaces it)
import { ClientRenderedPart, servingRegistry } from './federation/remotesRegistry.server';
import { RemotesRegistryProvider } from './federation/registryContext';
import { i18nIn } from '@circo/shared-web/src/remoteServerApp.server';
import { AppRoutes } from './router';
import es from './locales/es.json';
import en from './locales/en.json';
import fr from './locales/fr.json';

addTranslations('shell', { es, en, fr });

export const firstScreenApi = FIRST_SCREEN_API;

/**
 * The packages a remote's server bundle shares with this one (tools/rspack/createServerConfig.mjs
 * SERVER_SHARED): the API gives a remote's `require` these, so the page is one React tree.
 */
export const shared: Record<string, unknown> = {
  react: React,
  'react/jsx-runtime': jsxRuntime,
  'react-dom': ReactDOM,
  'react-dom/server': ReactDOMServer,
  'react-router': ReactRouter,
  'react-router-dom': ReactRouterDom,
  'react-i18next': ReactI18next,
  i18next: I18next,
  '@tanstack/react-query': ReactQuery,
};

/**
 * The page's markup at `pathname` without a session's data (the browser renders a signed-in
 * visitor's header once hydrated, and a page behind a sign-in once it has the session; with the
 * `signed_in` hint a page is rendered waiting for it, as the browser's first render is): what goes
 * inside the root element. Without `remote`, the page's remote part is sent as its boundary's
 * fallback, which the browser renders. Each render reads its own page context and writes no
 * store, so pages are rendered side by side.
 */
export const renderPage: ShellFirstScreen['renderPage'] = ({
  lang,
  pathname,
  search,
  content,
  config,
  queries,
  remote,
  onError,
  session,
}) => {
  const page: PageContext = { lang, content, config, session };
  const client = createQueryClient();
  seedQueries(client, queries);
  return new Promise<string>((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding, next) {
        html += chunk.toString();
        next();
      },
    });
    sink.on('finish', () => {
      client.clear();
      resolve(html);
    });
    // React's streaming renderer; the whole page is written once it is all there (its data is)
    const stream = renderToPipeableStream(
      <StrictMode>
        <PageContextProvider value={page}>
          <RemotesRegistryProvider value={servingRegistry(remote)}>
            <I18nextProvider i18n={i18nIn(lang)}>
              <QueryProvider client={client}>
                <StaticRouter location={`${pathname}${search ?? ''}`}>
                  <AppRoutes />
                </StaticRouter>
              </QueryProvider>
            </I18nextProvider>
          </RemotesRegistryProvider>
        </PageContextProvider>
      </StrictMode>,
      {
        onAllReady() {
          stream.pipe(sink);
        },
        onShellError(err) {
          client.clear();
          reject(err instanceof Error ? err : new Error(String(err)));
        },
        // a part that fails (a remote that throws) is sent as its fallback: the browser renders it
        onError(err) {
          if (
            err instanceof ClientRenderedPart ||
            (err as Error)?.cause instanceof ClientRenderedPart
          )
            return CLIENT_RENDERED;
          onError?.(err);
          return 'server-error';
        },
      },
    );
  });
};
