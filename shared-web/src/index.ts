/**
 * @circo/shared-web: the front-end platform, shared by the shell and every remote as a Module
 * Federation singleton (one session, one cart, one language, one i18next instance).
 * A public contract: a breaking change bumps the major version.
 */
export { i18n, addTranslations, storedLang } from './i18n/i18n';
export { useLanguageStore } from './language/languageStore';
export { useSessionStore, selectIsAdmin } from './session/sessionStore';
export { useCartStore } from './cart/cartStore';
export { useAppConfig } from './config/appConfigStore';
export { api, ApiError, setApiBase, type RequestOptions } from './api/client';
export { Spinner } from './ui/Spinner';
export { Price } from './ui/Price';
export { Alert } from './ui/Alert';
export { applyPageMeta, usePageMeta, type PageMeta } from './ui/pageMeta';
export { useSiteContent } from './content/useSiteContent';
export { useSiteContentStore } from './content/siteContentStore';
export { mountStandalone } from './standalone/mountStandalone';
