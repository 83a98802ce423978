import { CLIENT_ERRORS, httpErrorCode, type ApiErrorBody } from '@circo/shared-contracts';
import { readToken } from '../session/tokenStorage';

/** An API failure with the API's coded error shape (or a network failure, status 0). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly body?: ApiErrorBody,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
}

let apiBase = '/api';
/** Points the client at another API origin (standalone remote dev servers use the proxy instead). */
export function setApiBase(base: string): void {
  apiBase = base.replace(/\/$/, '');
}

/** fetch wrapper: base URL, bearer token when present, JSON in and out, typed errors. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const url = new URL(apiBase + path, window.location.origin);
  for (const [k, v] of Object.entries(options.query ?? {})) {
    if (v !== undefined) url.searchParams.set(k, String(v));
  }
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = readToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let res: Response;
  try {
    res = await fetch(url, {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, CLIENT_ERRORS.networkUnreachable, (err as Error).message);
  }
  // the answer's body can be cut off too (the visitor left the page while it arrived): that is
  // no answer, as a fetch that failed, not an answer of the API
  let text: string;
  try {
    text = await res.text();
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, CLIENT_ERRORS.networkUnreachable, (err as Error).message);
  }
  const data: unknown = text ? safeJson(text) : undefined;
  if (!res.ok) {
    const err = (data ?? {}) as Partial<ApiErrorBody>;
    throw new ApiError(
      res.status,
      err.code ?? httpErrorCode(res.status),
      err.message ?? res.statusText,
      data as ApiErrorBody,
    );
  }
  return data as T;
}

/**
 * Any failure as the shared error shape: an ApiError stays as it is; anything else (a fetch that
 * threw, a bug in a query function) becomes a status-0 ApiError, so every query and mutation
 * error the UI sees has a `status` and a `code` to branch on.
 */
export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  const message = err instanceof Error ? err.message : String(err);
  return new ApiError(0, CLIENT_ERRORS.networkUnreachable, message);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
