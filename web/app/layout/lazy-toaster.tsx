import { lazy, Suspense, useMemo, useState } from 'react';
import { LoadBoundary } from '@/components/load-boundary';
import { useToast } from '@/lib/use-toast';

const loadToaster = () => import('@/components/ui/toaster').then((module) => ({ default: module.Toaster }));

/**
 * The toast region, loaded with the first toast rather than with every page: Radix's toast code
 * stays out of the first load. The service worker precaches it (vite.config.ts), so a write refused
 * offline can still say so (decision 094). Should it fail to load, the next toast tries again.
 */
export function LazyToaster() {
  const { toasts } = useToast();
  const [loaded, setLoaded] = useState(false);
  const [failedFor, setFailedFor] = useState<{ id: string | undefined; attempt: number } | null>(null);
  const newest = toasts[0]?.id;
  if (!loaded && newest !== undefined && newest !== failedFor?.id) setLoaded(true);
  const attempt = failedFor?.attempt ?? 0;
  // A failed import stays failed inside one lazy(): each attempt gets its own.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the reason to make a new one
  const Toaster = useMemo(() => lazy(loadToaster), [attempt]);
  if (!loaded) return null;
  return (
    <LoadBoundary
      key={attempt}
      fallback={null}
      onError={() => {
        setLoaded(false);
        setFailedFor({ id: newest, attempt: attempt + 1 });
      }}
    >
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </LoadBoundary>
  );
}
