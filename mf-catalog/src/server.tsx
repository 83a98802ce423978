// The server bundle of mf-catalog (issues 11 and 21, first screen): its real `./App`, for the
// shell's server render (shell/src/server.tsx), which puts it inside the page's RemotePage
// boundary, so that /, /cursos and the detail pages arrive as HTML and the browser hydrates them.
// Built by rspack.config.mjs into dist/server/first-screen.cjs, next to the manifest of the same
// release; the API loads it from there (api/src/web/first-screen.ts).
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { FIRST_SCREEN_API, type Lang, type RemoteFirstScreen } from '@circo/shared-contracts';
import { i18n, useLanguageStore, useSiteContentStore } from '@circo/shared-web';
import App from './exposes/App';

export const firstScreenApi = FIRST_SCREEN_API;

const i18nOf = new Map<Lang, I18n>();
function i18nFor(lang: Lang): I18n {
  let instance = i18nOf.get(lang);
  if (!instance) {
    // shares the resources (this remote's namespaces) with its one instance, in its own language
    instance = i18n.cloneInstance({ lng: lang });
    i18nOf.set(lang, instance);
  }
  return instance;
}

/**
 * `./App` for one render in `lang`: this bundle's own copy of shared-web (its stores, its
 * i18next with the `catalog` namespace) holds this request's values for the render's duration.
 */
export const serverApp: RemoteFirstScreen['serverApp'] = ({ lang, content }) => {
  useLanguageStore.setState({ lang });
  useSiteContentStore.setState({ byLang: content ? { [lang]: content } : {} });
  const translated = i18nFor(lang);
  return function CatalogPage({ page }: { page: string }) {
    return (
      <I18nextProvider i18n={translated}>
        <App page={page} />
      </I18nextProvider>
    );
  };
};
