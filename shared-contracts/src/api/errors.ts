/** The one JSON error shape of the whole API. */
export interface ApiErrorBody {
  statusCode: number;
  /** Machine-readable code, `<area>.<reason>`: the UI branches on it. */
  code: string;
  /** Human-readable message (English). The UI shows its own translated text. */
  message: string;
  /** Field-level validation messages. */
  errors?: Array<{ field: string; code: string; message: string }>;
  /** Extra data, e.g. `availableLanguages` for content hidden in a language. */
  data?: Record<string, unknown>;
}

export const COMMON_ERRORS = {
  validation: 'common.validation_failed',
  badRequest: 'common.bad_request',
  unauthorized: 'auth.unauthorized',
  forbidden: 'auth.forbidden',
  notFound: 'common.not_found',
  methodNotAllowed: 'common.method_not_allowed',
  notAcceptable: 'common.not_acceptable',
  conflict: 'common.conflict',
  payloadTooLarge: 'common.payload_too_large',
  unsupportedMediaType: 'common.unsupported_media_type',
  tooManyRequests: 'common.too_many_requests',
  internal: 'common.internal_error',
  serviceUnavailable: 'common.service_unavailable',
  /** More sign-ins at once than the server hashes passwords for: retry after `Retry-After` s. */
  busy: 'common.busy',
  inUse: 'common.in_use',
  salesPaused: 'payments.sales_paused',
} as const;

/** The code of an HTTP error status that carries no code of its own (`http.502`). */
export const httpErrorCode = (status: number): string => `http.${status}`;

/** Failures seen by the browser before any answer: the request never reached the API. */
export const CLIENT_ERRORS = {
  networkUnreachable: 'network.unreachable',
} as const;

/** The teacher's site content (terms document, content images). */
export const CONTENT_ERRORS = {
  notFound: 'content.not_found',
} as const;

export const HEALTH_ERRORS = {
  databaseDown: 'health.database_down',
} as const;

/** A user's account and progress (the other user codes are USER_ERRORS in api/users.ts). */
export const ACCOUNT_ERRORS = {
  userNotFound: 'users.not_found',
  progressPurchaseRequired: 'progress.purchase_required',
} as const;

/** Field-level codes (`errors[].code`) that several areas share. */
export const FIELD_ERRORS = {
  /** Text with a control character (NUL, ESC, ...) or invalid Unicode (a lone surrogate). */
  invalidCharacters: 'invalidCharacters',
  /** A request body nested deeper than any request of the API. */
  tooDeep: 'tooDeep',
  /** An object with more keys, or a body with more keys in all, than any request of the API. */
  tooManyKeys: 'tooManyKeys',
  /** A list with more items than any request of the API. */
  tooManyItems: 'tooManyItems',
  /** A number beyond what the field can hold. */
  outOfRange: 'outOfRange',
  /** A name with a character that changes the direction of text (U+202E...). */
  bidiControls: 'bidiControls',
} as const;

/** The student area and private media (api/learning.ts). */
export const LEARNING_ERRORS = {
  purchaseRequired: 'learning.purchase_required',
  accessExpired: 'learning.access_expired',
  mediaNotFound: 'media.not_found',
  linkInvalid: 'media.link_invalid',
  linkExpired: 'media.link_expired',
  fileNotFound: 'media.file_not_found',
  videoNotFound: 'media.video_not_found',
  providerUnavailable: 'media.provider_unavailable',
} as const;
