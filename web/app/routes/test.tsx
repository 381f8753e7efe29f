import { PRODUCT_NAME } from '@contract/product';
import { useQuery } from '@tanstack/react-query';
import { Card } from '@/components/ui/card';
import { useAuth } from '@/features/auth/api/get-user';
import { apiGet } from '@/lib/api-client';
import { apiPaths, queryKey } from '@/lib/api-paths';
import { useLiveSnapshot } from '@/lib/live';
import { useDocumentTitle } from '@/lib/use-document-title';

declare const __APP_VERSION__: string;

/** Debug page: build version, API health and who is signed in. */
export default function TestPage() {
  useDocumentTitle(`Debug - ${PRODUCT_NAME}`);
  const health = useQuery({
    queryKey: queryKey(apiPaths.health),
    queryFn: () => apiGet<{ status: string }>(apiPaths.health),
    staleTime: 0,
  });
  const ready = useQuery({
    queryKey: queryKey(apiPaths.ready),
    queryFn: () => apiGet<{ status: string }>(apiPaths.ready),
    staleTime: 0,
  });
  const { user } = useAuth();
  const live = useLiveSnapshot();
  const rows: [string, string][] = [
    ['Build version', __APP_VERSION__],
    [
      'API health',
      health.isLoading ? 'checking…' : (health.data?.status ?? `error (${health.error?.message ?? 'unknown'})`),
    ],
    [
      'Database',
      ready.isLoading ? 'checking…' : (ready.data?.status ?? `error (${ready.error?.message ?? 'unknown'})`),
    ],
    ['Signed in as', user ? `@${user.username}` : 'visitor'],
    [
      'Live channel',
      `${live.healthy ? 'connected' : live.status}${live.failures ? `, ${live.failures} failed attempts` : ''}; last event ${live.lastEventId ?? 'none'}; polling ${live.healthy ? 'off' : 'on'}`,
    ],
    ['User agent', navigator.userAgent],
  ];
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-10">
      <h1 className="text-2xl font-bold">Debug</h1>
      <Card className="mt-6 divide-y divide-border/60">
        {rows.map(([label, value]) => (
          <div key={label} className="flex flex-col gap-1 px-5 py-3 sm:flex-row sm:justify-between">
            <span className="text-sm text-muted">{label}</span>
            <span className="break-all font-mono text-sm">{value}</span>
          </div>
        ))}
      </Card>
    </div>
  );
}
