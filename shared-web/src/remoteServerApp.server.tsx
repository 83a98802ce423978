// For the apps' server bundles (the first screen), imported by path (`.server`: not a
// release contract, tools/rspack/releaseManifestPlugin.mjs SERVER_ONLY): the browser's
// shared-web singleton does not carry it. Each bundle has its own copy of shared-web; its stores
// are never written on the server: a render reads the page's context (page/pageContext.tsx),
// which the shell's render provides, and pages are rendered side by side.
import type { ComponentType } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import type { Lang, RemoteFirstScreen } from '@circo/shared-contracts';
import { i18n } from './i18n/i18n';

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
 * A remote's `serverApp` (RemoteFirstScreen): the remote's `./App` with its translations in the
 * page's language. The rest of the page's values come from the page context.
 */
export function remoteServerApp(
  App: ComponentType<{ page: string }>,
): RemoteFirstScreen['serverApp'] {
  return ({ lang }) => {
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
