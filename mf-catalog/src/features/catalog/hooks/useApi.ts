import { useCallback, useEffect, useState } from 'react';
import { api, ApiError } from '@circo/shared-web';

export type ApiResource<T> =
  { status: 'loading' } | { status: 'success'; data: T } | { status: 'error'; error: unknown };

type Query = Record<string, string>;

/**
 * GET `path` (null: nothing to fetch) with `query`, refetched when either changes; the request of
 * a stale key is aborted. `reload()` asks again after a failure.
 */
export function useApi<T>(
  path: string | null,
  query: Query = {},
): ApiResource<T> & { reload: () => void } {
  const qs = new URLSearchParams(query).toString();
  const [attempt, setAttempt] = useState(0);
  const key = path === null ? null : `${path}?${qs}#${attempt}`;
  const [result, setResult] = useState<{ key: string | null; value: ApiResource<T> }>({
    key: null,
    value: { status: 'loading' },
  });

  useEffect(() => {
    if (path === null || key === null) return;
    const controller = new AbortController();
    api<T>(path, { query: Object.fromEntries(new URLSearchParams(qs)), signal: controller.signal })
      .then((data) => setResult({ key, value: { status: 'success', data } }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        // answers the page explains (404, 403...) are not faults; anything else is logged
        if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) {
          console.error(`GET ${path} failed`, error);
        }
        setResult({ key, value: { status: 'error', error } });
      });
    return () => controller.abort();
  }, [path, qs, key]);

  const reload = useCallback(() => setAttempt((a) => a + 1), []);
  // a result of another key is stale: the new request is still loading
  const value: ApiResource<T> = result.key === key ? result.value : { status: 'loading' };
  return { ...value, reload };
}
