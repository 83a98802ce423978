import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { queryClient } from './queryClient';

/**
 * Provides the shared QueryClient. The shell renders it once around its router; a remote mounted
 * inside the shell reads the same context (TanStack Query is a shared singleton), and a remote on
 * its own dev server gets it from mountStandalone. `client` is for tests.
 */
export function QueryProvider({
  children,
  client = queryClient,
}: {
  children: ReactNode;
  client?: QueryClient;
}) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
