import type { UseQueryResult } from '@tanstack/react-query';
import type { ApiError } from '../client';

/** What a page renders for one query: a spinner, an error with a retry, or the data. */
export type Resource<T> =
  | { status: 'loading' }
  | { status: 'error'; error: ApiError; retry: () => void }
  | { status: 'success'; data: T };

/**
 * A query as one of three page states. A retry after a failure shows the spinner again (TanStack
 * keeps the error status while it refetches).
 */
export function toResource<T>(query: UseQueryResult<T, ApiError>): Resource<T> {
  if (query.isSuccess) return { status: 'success', data: query.data };
  if (query.isError && !query.isFetching) {
    return { status: 'error', error: query.error, retry: () => void query.refetch() };
  }
  return { status: 'loading' };
}
