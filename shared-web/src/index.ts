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
export { api, ApiError, setApiBase, toApiError, type RequestOptions } from './api/client';
export {
  queryClient,
  createQueryClient,
  seedQueries,
  CATALOG_STALE_MS,
  CACHE_GC_MS,
} from './api/queryClient';
export { QueryProvider } from './api/QueryProvider';
export { catalogKeys, catalogQueries, type ItemDetailOf } from './api/queries/catalog';
export {
  adminKeys,
  adminQueries,
  adminPaths,
  useAdminWrite,
  type AdminWrite,
  type AdminMethod,
} from './api/queries/admin';
export {
  learningKeys,
  learningQueries,
  fetchCertificatePdf,
  fetchPrivatePdf,
  fetchPrivateVideo,
  useToggleClassDone,
  withQueuedMarks,
  type MyItemOf,
  type ToggleDoneVars,
} from './api/queries/learning';
export { getJson } from './api/queries/fetcher';
export { toResource, type Resource } from './api/queries/resource';
export { useApiMutation, sendJson, type ApiMutationOptions } from './api/queries/mutation';
export { uploadForm } from './api/uploadForm';
export { fetchFile, saveBlob } from './api/fetchFile';
export { Spinner } from './ui/Spinner';
export { Price } from './ui/Price';
export { Alert } from './ui/Alert';
export {
  TextField,
  Checkbox,
  Select,
  ErrorSummary,
  SubmitButton,
  focusFirstInvalid,
  type TextFieldProps,
  type CheckboxProps,
  type SelectProps,
  type SelectOption,
  type SummaryError,
  type SubmitButtonProps,
} from './ui/form';
export { applyPageMeta, usePageMeta, type PageMeta } from './ui/pageMeta';
export { useSiteContent } from './content/useSiteContent';
export { useSiteContentStore } from './content/siteContentStore';
export { PageContextProvider, usePageContext } from './page/pageContext';
export { mountStandalone } from './standalone/mountStandalone';
export {
  sendOrQueue,
  flushOutbox,
  queuedWrites,
  watchOutbox,
  type QueuedWrite,
} from './offline/outbox';
export { useOnline } from './offline/useOnline';
// practice feedback's clip player is not exported here: mf-learning and mf-admin import
// `@circo/shared-web/src/practice` by path, so it is bundled with them, not with every page
