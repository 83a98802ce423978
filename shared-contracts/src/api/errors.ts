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
  unauthorized: 'auth.unauthorized',
  forbidden: 'auth.forbidden',
  notFound: 'common.not_found',
  tooManyRequests: 'common.too_many_requests',
  internal: 'common.internal_error',
  salesPaused: 'payments.sales_paused',
} as const;

/** Field-level codes (`errors[].code`) that several areas share. */
export const FIELD_ERRORS = {
  /** Text with a control character (NUL, ESC, ...) or invalid Unicode (a lone surrogate). */
  invalidCharacters: 'invalidCharacters',
  /** A request body nested deeper than any request of the API. */
  tooDeep: 'tooDeep',
} as const;
