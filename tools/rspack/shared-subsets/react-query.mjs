// The part of TanStack Query every app shares (see README.md in this folder).
export {
  MutationCache,
  QueryCache,
  QueryClient,
  QueryClientProvider,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from 'circo-original/@tanstack/react-query';
