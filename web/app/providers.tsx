import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Tooltip } from 'radix-ui';
import { type ReactNode, useEffect, useState } from 'react';
import { useAuth } from '@/features/auth/api/get-user';
import { watchConnection } from '@/lib/connection';
import { LiveProvider } from '@/lib/live';
import { createQueryClient } from '@/lib/query-client';

/** The tab's live channel, restarted when the signed-in user changes (their cookie did). */
function LiveChannelMount({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const { user, isLoading } = useAuth();
  return (
    <LiveProvider queryClient={queryClient} userKey={user?.id ?? null} enabled={!isLoading}>
      {children}
    </LiveProvider>
  );
}

/** App-wide providers: data fetching, live push and tooltips (700 ms delay, 300 ms skip delay, docs/product.md §9). */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  useEffect(() => watchConnection(queryClient), [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <LiveChannelMount queryClient={queryClient}>
        <Tooltip.Provider delayDuration={700} skipDelayDuration={300}>
          {children}
        </Tooltip.Provider>
      </LiveChannelMount>
    </QueryClientProvider>
  );
}
