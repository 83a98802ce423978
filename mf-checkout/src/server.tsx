// The server bundle of mf-checkout (issue 21, first screen): its real `./App`, for the shell's
// server render (shell/src/server.tsx), which puts it inside the page's RemotePage boundary, so
// that /carrito, /pago-embed and /pago-exitoso arrive as HTML (a visitor's "log in to buy", the
// wait for a session, the cart's frame) and the browser hydrates them. The cart itself is in the
// browser's storage: the server renders an empty one, as the browser's first render does
// (shared-web's cart store), then the browser shows the stored one. Built by rspack.config.mjs
// into dist/server/first-screen.cjs, next to the manifest of the same release; the API loads it
// from there (api/src/web/first-screen.ts).
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { FIRST_SCREEN_API, type Lang, type RemoteFirstScreen } from '@circo/shared-contracts';
import {
  i18n,
  useAppConfig,
  useLanguageStore,
  useSessionStore,
  useSiteContentStore,
} from '@circo/shared-web';
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
 * i18next with the `checkout` namespace) holds this request's values for the render's duration:
 * the session as the browser's first render has it (waiting for it when the browser holds one).
 */
export const serverApp: RemoteFirstScreen['serverApp'] = ({ lang, content, config, signedIn }) => {
  useLanguageStore.setState({ lang });
  useSiteContentStore.setState({ byLang: content ? { [lang]: content } : {} });
  if (config) useAppConfig.setState(config);
  useSessionStore.setState({ token: null, user: null, status: signedIn ? 'loading' : 'anonymous' });
  const translated = i18nFor(lang);
  return function CheckoutPage({ page }: { page: string }) {
    return (
      <I18nextProvider i18n={translated}>
        <App page={page} />
      </I18nextProvider>
    );
  };
};
