// The shell's server bundle (issue 11, first screen): its real Layout (header, page area, footer)
// rendered with react-dom/server for a visitor, with FIRST_SCREEN_SLOT in the page area where the
// API puts the remote's own markup. Built by rspack.config.mjs into dist/server/first-screen.cjs;
// the API loads it (api/src/web/first-screen.ts). The browser's first render, once the page's
// remote is loaded, shows the same markup, so nothing moves when React takes over.
import { renderToStaticMarkup } from 'react-dom/server';
import { Route, Routes, StaticRouter } from 'react-router';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import {
  FIRST_SCREEN_API,
  FIRST_SCREEN_SLOT,
  type Lang,
  type ShellFirstScreen,
} from '@circo/shared-contracts';
import {
  addTranslations,
  i18n,
  useAppConfig,
  useLanguageStore,
  useSiteContentStore,
} from '@circo/shared-web';
import { HOLD_SCRIPT } from './federation/firstScreenHold';
import { Layout } from './layout/Layout';
import es from './locales/es.json';
import en from './locales/en.json';
import fr from './locales/fr.json';

addTranslations('shell', { es, en, fr });

export const firstScreenApi = FIRST_SCREEN_API;

/** Holds a click or a form sent on the first screen until the shell's code takes over. */
export const holdScript: ShellFirstScreen['holdScript'] = HOLD_SCRIPT;

const i18nOf = new Map<Lang, I18n>();
function i18nFor(lang: Lang): I18n {
  let instance = i18nOf.get(lang);
  if (!instance) {
    instance = i18n.cloneInstance({ lng: lang });
    i18nOf.set(lang, instance);
  }
  return instance;
}

/** The layout's markup for a visitor at `pathname`, FIRST_SCREEN_SLOT in its page area. */
export const renderFrame: ShellFirstScreen['renderFrame'] = async ({
  lang,
  pathname,
  content,
  config,
}) => {
  // a render is synchronous: the stores hold this request's values for its whole duration
  useLanguageStore.setState({ lang });
  useSiteContentStore.setState({ byLang: content ? { [lang]: content } : {} });
  useAppConfig.setState(config);
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18nFor(lang)}>
      <StaticRouter location={pathname}>
        <Routes>
          {/* the layout finds the page's route itself (its title, its robots) */}
          <Route element={<Layout />}>
            <Route path="*" element={FIRST_SCREEN_SLOT} />
          </Route>
        </Routes>
      </StaticRouter>
    </I18nextProvider>,
  );
};
