import { QueryCache, QueryClient, MutationCache } from '@tanstack/react-query';
import type { SeededQuery } from '@circo/shared-contracts';
import { useSessionStore } from '../session/sessionStore';
import { ApiError } from './client';

// Every query and mutation error is an ApiError (the API's coded shape, or status 0 when the API
// was not reached): the fetchers below convert anything else with toApiError.
declare module '@tanstack/react-query' {
  interface Register {
    defaultError: ApiError;
  }
}

/** How long a public catalogue list is served from the cache before it is asked for again. */
export const CATALOG_STALE_MS = 60_000;
/** How long an unused answer stays in memory (back-navigation within it shows it at once). */
export const CACHE_GC_MS = 5 * 60_000;

/** Answers the page explains (404, 403 ...) are not faults; anything else is logged once. */
function logFault(error: unknown, what: string): void {
  if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) {
    console.error(`${what} failed`, error);
  }
}

/**
 * A QueryClient with the platform's defaults. No automatic retry: the pages show a retry button,
 * and a 4xx never gets better by asking again. No refetch on window focus: catalogue data changes
 * rarely and the cache time already bounds how old it can be.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => logFault(error, `query ${JSON.stringify(query.queryKey)}`),
    }),
    mutationCache: new MutationCache({ onError: (error) => logFault(error, 'mutation') }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, gcTime: CACHE_GC_MS },
      mutations: { retry: false },
    },
  });
}

/**
 * Puts the page's first answers (what the server read for it) in `client`, before the first
 * render, on the server and in the browser alike: an answer as the query's data, a refusal as
 * the query's error, so the page's first render is the server's.
 */
export function seedQueries(client: QueryClient, queries: readonly SeededQuery[]): void {
  for (const q of queries) {
    if (!q.error) {
      client.setQueryData(q.key, q.data);
      continue;
    }
    const { statusCode, code, message } = q.error;
    const error = new ApiError(statusCode, code, message, q.error);
    const now = Date.now();
    client.getQueryCache().build(client, { queryKey: q.key }).setState({
      status: 'error',
      fetchStatus: 'idle',
      error,
      errorUpdatedAt: now,
      errorUpdateCount: 1,
      fetchFailureCount: 1,
      fetchFailureReason: error,
    });
  }
}

/**
 * The one QueryClient of the front end. shared-web is a Module Federation singleton, so the shell
 * and every remote share this cache: a list one remote fetched is served to another from memory.
 */
export const queryClient = createQueryClient();

// Answers depend on who asks (an admin also gets hidden items): a new or dropped session starts
// from an empty cache, and the pages on screen ask again.
useSessionStore.subscribe((state, prev) => {
  if (state.token !== prev.token) void queryClient.resetQueries();
});
