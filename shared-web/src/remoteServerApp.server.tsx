// For the apps' server bundles (the first screen), imported by path (`.server`: not a
// release contract, tools/rspack/releaseManifestPlugin.mjs SERVER_ONLY): the browser's
// shared-web singleton does not carry it. Each bundle has its own copy of shared-web, whose stores
// and i18next hold one render's values while the page is rendered (renders take turns).
import type { ComponentType } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import type { Lang, RemoteFirstScreen } from '@circo/shared-contracts';
import { i18n } from './i18n/i18n';
import { useAppConfig } from './config/appConfigStore';
import { useLanguageStore } from './language/languageStore';
import { useSessionStore } from './session/sessionStore';
import { useSiteContentStore } from './content/siteContentStore';

const i18nOf = new Map<Lang, I18n>();

/** This bundle's i18next in `lang`: a clone sharing its resources (the app's namespaces). */
export function i18nIn(lang: Lang): I18n {
  let instance = i18nOf.get(lang);
  if (!instance) {
    instance = i18n.cloneInstance({ lng: lang });
    i18nOf.set(lang, instance);
  }
  return instance;
}

/**
 * A remote's `serverApp` (RemoteFirstScreen): sets this bundle's stores for one render (the
 * language, the site content, the public configuration, the session as the browser's first render
 * has it: waiting for it when the browser holds one, else none) and gives the remote's `./App` in
 * that language.
 */
export function remoteServerApp(
  App: ComponentType<{ page: string }>,
): RemoteFirstScreen['serverApp'] {
  return ({ lang, content, config, signedIn }) => {
    useLanguageStore.setState({ lang });
    useSiteContentStore.setState({ byLang: content ? { [lang]: content } : {} });
    if (config) useAppConfig.setState(config);
    useSessionStore.setState({
      token: null,
      user: null,
      status: signedIn ? 'loading' : 'anonymous',
    });
    const translated = i18nIn(lang);
    return function RemotePage({ page }: { page: string }) {
      return (
        <I18nextProvider i18n={translated}>
          <App page={page} />
        </I18nextProvider>
      );
    };
  };
}
