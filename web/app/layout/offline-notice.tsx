import { PRODUCT_NAME } from '@contract/product';
import { Trans, useLingui } from '@lingui/react/macro';
import { WifiOff } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useOnline } from '@/lib/connection';
import { useDocumentTitle } from '@/lib/use-document-title';

/** Instead of "Login Required" when the sign-in check could not reach the server. */
export function OfflineNotice() {
  const { t } = useLingui();
  useDocumentTitle(t`Offline - ${PRODUCT_NAME}`);
  // A page's code that failed to load stays failed in React, so the return of the connection
  // reloads the page rather than waiting for a tap.
  const online = useOnline();
  const wasOnline = useRef(online);
  useEffect(() => {
    const cameBack = online && !wasOnline.current;
    wasOnline.current = online;
    if (!cameBack) return;
    // The `online` event can come a moment before requests get through again.
    const timer = setTimeout(() => window.location.reload(), 1000);
    return () => clearTimeout(timer);
  }, [online]);
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-16">
      <Card className="w-full max-w-md p-8 text-center">
        <div className="mx-auto mb-4 flex size-14 items-center justify-center rounded-2xl bg-brand/15 text-brand">
          <WifiOff aria-hidden="true" className="size-7" />
        </div>
        <h1 className="text-2xl font-bold">
          <Trans>You're offline</Trans>
        </h1>
        <p className="mt-2 text-muted">
          <Trans>This page needs a connection. It loads by itself when you're back online.</Trans>
        </p>
        <Button className="mt-6" size="lg" onClick={() => window.location.reload()}>
          <Trans>Try again</Trans>
        </Button>
      </Card>
    </div>
  );
}
