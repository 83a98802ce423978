// The server bundle of mf-catalog (issue 11, first screen): its real `./App`, rendered with
// react-dom/server from the data the API gives, so that /, /cursos and the detail pages paint
// before any JS. Built by rspack.config.mjs into dist/server/first-screen.cjs, next to the
// manifest of the same release; the API loads it from there (api/src/web/first-screen.ts).
import { renderToStaticMarkup } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { Route, Routes } from 'react-router-dom';
import { I18nextProvider } from 'react-i18next';
import { QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import {
  FIRST_SCREEN_API,
  routesOf,
  type FirstScreenInput,
  type Lang,
} from '@circo/shared-contracts';
import { createQueryClient, i18n, useLanguageStore, useSiteContentStore } from '@circo/shared-web';
import App from './exposes/App';

export const firstScreenApi = FIRST_SCREEN_API;

const i18nOf = new Map<Lang, I18n>();
function i18nFor(lang: Lang): I18n {
  let instance = i18nOf.get(lang);
  if (!instance) {
    // shares the resources (every app's namespaces) with the one instance, in its own language
    instance = i18n.cloneInstance({ lng: lang });
    i18nOf.set(lang, instance);
  }
  return instance;
}

/**
 * The markup of `./App` for one page, as the browser's first render of it shows it (the same
 * components, data and language), or null for a page this remote does not own.
 */
export function renderPage({ page, lang, pathname, content, queries }: FirstScreenInput) {
  const routes = routesOf('mf_catalog').filter((r) => r.id === page);
  if (routes.length === 0) return null;
  // a render is synchronous: the stores hold this request's values for its whole duration
  useLanguageStore.setState({ lang });
  useSiteContentStore.setState({ byLang: content ? { [lang]: content } : {} });
  const client = createQueryClient();
  for (const q of queries) client.setQueryData(q.key, q.data);
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18nFor(lang)}>
      <QueryClientProvider client={client}>
        <StaticRouter location={pathname}>
          <Routes>
            {routes.map((r) => (
              <Route key={r.id} path={r.path} element={<App page={r.id} />} />
            ))}
          </Routes>
        </StaticRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}
