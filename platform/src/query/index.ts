export * from './query-client';
export * from './resources';
export * from './api-mutation';
// Remotes import TanStack Query through the platform, so every one of them uses the shell's copy and client.
export {
  QueryClient,
  QueryClientProvider,
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
  type UseMutationOptions,
  type UseMutationResult,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
