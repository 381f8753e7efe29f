import { Trans } from '@lingui/react/macro';
import { WifiOff } from 'lucide-react';
import { useLayoutEffect, useRef } from 'react';
import { useOnline } from '@/lib/connection';

/**
 * A small notice under the header while the browser is offline. The live region is always in the
 * page, so screen readers hear the change politely both ways. Its height is published as
 * `--offline-banner-height`, so full-height screens (the chat) still fit the viewport.
 */
export function OfflineBanner() {
  const online = useOnline();
  const region = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const root = document.documentElement.style;
    const element = region.current;
    if (online || !element) {
      root.removeProperty('--offline-banner-height');
      return;
    }
    const publish = () => root.setProperty('--offline-banner-height', `${element.offsetHeight}px`);
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.removeProperty('--offline-banner-height');
    };
  }, [online]);
  return (
    <div ref={region} role="status" aria-live="polite" className="empty:hidden">
      {!online && (
        <p className="flex items-center justify-center gap-2 border-b border-amber-400/30 bg-amber-500/15 px-4 py-1.5 text-center text-sm text-amber-100">
          <WifiOff aria-hidden="true" className="size-4 shrink-0" />
          <span>
            <Trans>You're offline. Changes can't be saved until you're back online.</Trans>
          </span>
        </p>
      )}
    </div>
  );
}
