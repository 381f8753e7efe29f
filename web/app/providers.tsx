import { I18nProvider } from '@lingui/react';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useAuth } from '@/features/auth/api/get-user';
import { watchConnection } from '@/lib/connection';
import { activateLocale, i18n } from '@/lib/i18n';
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

/** A signed-in user's saved language wins over the browser's (decision 166), e.g. right after signing in. */
function SavedLocale() {
  const { user } = useAuth();
  const saved = user?.locale;
  useEffect(() => {
    if (saved && saved !== i18n.locale) void activateLocale(saved);
  }, [saved]);
  return null;
}

/**
 * App-wide providers: texts in the page's language, data fetching and live push. No Radix tooltip provider: the app shows no
 * tooltip, and the provider alone pulled the popper code into every first load (decision 094); a
 * tooltip, when one comes, brings its provider with docs/product.md §9's 700 ms / 300 ms delays.
 */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  useEffect(() => watchConnection(queryClient), [queryClient]);
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <SavedLocale />
        <LiveChannelMount queryClient={queryClient}>{children}</LiveChannelMount>
      </QueryClientProvider>
    </I18nProvider>
  );
}
