import {
  useMutation,
  useQueryClient,
  type QueryKey,
  type UseMutationResult,
} from '@tanstack/react-query';
import { api, toApiError, type ApiError, type RequestOptions } from '../client';

export interface ApiMutationOptions<TData, TVariables, TContext = unknown> {
  /** The request: usually `(vars) => api<TData>(path, { method: 'POST', body: vars })`. */
  mutationFn: (variables: TVariables) => Promise<TData>;
  /** Keys (prefixes) to invalidate once it succeeded, e.g. `[catalogKeys.all]` after a write. */
  invalidates?: QueryKey[] | ((data: TData, variables: TVariables) => QueryKey[]);
  onSuccess?: (data: TData, variables: TVariables) => void | Promise<void>;
  /** Optimistic update: runs before the request; what it returns reaches `onError` to roll back. */
  onMutate?: (variables: TVariables) => TContext | Promise<TContext>;
  onError?: (error: ApiError, variables: TVariables, context: TContext | undefined) => void;
}

/**
 * A typed write: the error is the shared ApiError, and on success the given queries are
 * invalidated (the ones on screen refetch, the others on their next use) before `onSuccess` runs.
 */
export function useApiMutation<TData, TVariables = void, TContext = unknown>(
  options: ApiMutationOptions<TData, TVariables, TContext>,
): UseMutationResult<TData, ApiError, TVariables, TContext> {
  const client = useQueryClient();
  const { mutationFn, invalidates, onSuccess, onMutate, onError } = options;
  return useMutation<TData, ApiError, TVariables, TContext>({
    onMutate: onMutate ? (variables) => onMutate(variables) : undefined,
    onError: onError
      ? (error, variables, context) => onError(error, variables, context)
      : undefined,
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
