import type { QueryFunctionContext } from '@tanstack/react-query';
import { api, toApiError, type RequestOptions } from '../client';

type Query = RequestOptions['query'];

/**
 * A query function for GET `path`: goes through the API client (base URL, token, JSON) with the
 * query's abort signal, and rejects with an ApiError only.
 */
export function getJson<T>(path: string, query?: Query) {
  return async ({ signal }: QueryFunctionContext): Promise<T> => {
    try {
      return await api<T>(path, { query, signal });
    } catch (err) {
      throw toApiError(err);
    }
  };
}
