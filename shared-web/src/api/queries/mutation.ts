import {
  useMutation,
  useQueryClient,
  type QueryKey,
  type UseMutationResult,
} from '@tanstack/react-query';
import { api, toApiError, type ApiError, type RequestOptions } from '../client';

export interface ApiMutationOptions<TData, TVariables> {
  /** The request: usually `(vars) => api<TData>(path, { method: 'POST', body: vars })`. */
  mutationFn: (variables: TVariables) => Promise<TData>;
  /** Keys (prefixes) to invalidate once it succeeded, e.g. `[catalogKeys.all]` after a write. */
  invalidates?: QueryKey[] | ((data: TData, variables: TVariables) => QueryKey[]);
  onSuccess?: (data: TData, variables: TVariables) => void | Promise<void>;
}

/**
 * A typed write: the error is the shared ApiError, and on success the given queries are
 * invalidated (the ones on screen refetch, the others on their next use) before `onSuccess` runs.
 */
export function useApiMutation<TData, TVariables = void>(
  options: ApiMutationOptions<TData, TVariables>,
): UseMutationResult<TData, ApiError, TVariables> {
  const client = useQueryClient();
  const { mutationFn, invalidates, onSuccess } = options;
  return useMutation<TData, ApiError, TVariables>({
    mutationFn: async (variables) => {
      try {
        return await mutationFn(variables);
      } catch (err) {
        throw toApiError(err);
      }
    },
    onSuccess: async (data, variables) => {
      const keys = typeof invalidates === 'function' ? invalidates(data, variables) : invalidates;
      await Promise.all((keys ?? []).map((queryKey) => client.invalidateQueries({ queryKey })));
      await onSuccess?.(data, variables);
    },
  });
}

/** `mutationFn` for a JSON write to `path` with the variables as body. */
export function sendJson<TData, TVariables>(
  path: string | ((variables: TVariables) => string),
  method: NonNullable<RequestOptions['method']> = 'POST',
) {
  return (variables: TVariables): Promise<TData> =>
    api<TData>(typeof path === 'function' ? path(variables) : path, { method, body: variables });
}
