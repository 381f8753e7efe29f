import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useAuth } from '@/features/auth/api/get-user';
import { watchConnection } from '@/lib/connection';
import { LiveProvider } from '@/lib/live';

/** The tab's live channel, restarted when the signed-in user changes (their cookie did). */
function LiveChannelMount({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const { user, isLoading } = useAuth();
  return (
    <LiveProvider queryClient={queryClient} userKey={user?.id ?? null} enabled={!isLoading}>
      {children}
    </LiveProvider>
  );
}

/**
 * App-wide providers: data fetching and live push. No Radix tooltip provider: the app shows no
 * tooltip, and the provider alone pulled the popper code into every first load (decision 094); a
 * tooltip, when one comes, brings its provider with docs/product.md §9's 700 ms / 300 ms delays.
 */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  useEffect(() => watchConnection(queryClient), [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <LiveChannelMount queryClient={queryClient}>{children}</LiveChannelMount>
    </QueryClientProvider>
  );
}
