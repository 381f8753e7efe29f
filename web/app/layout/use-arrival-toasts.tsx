import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'wouter';
import { useNotifications } from '@/features/notifications/api/get-notifications';
import { toast } from '@/lib/use-toast';

function OpenLink({ href }: { href: string }) {
  return (
    <Link
      href={href}
      className="inline-flex h-9 shrink-0 items-center rounded-lg bg-brand px-3 text-sm font-semibold text-white hover:brightness-110"
    >
      Open
    </Link>
  );
}

/**
 * Issue 13, item 4: a toast announces a Shro that arrives, unless its page is the one open. It reads
 * the notifications query the header badge already keeps fresh (live events), so it costs no
 * request; what was there when the tab opened is not announced again. (New messages are counted in
 * the badge but not toasted yet: a message toast took the place of the toasts other screens show.)
 */
export function useArrivalToasts(signedIn: boolean) {
  const notifications = useNotifications(signedIn);
  const [location] = useLocation();
  const seenNotificationId = useRef<number | null>(null);
  const where = useRef(location);
  where.current = location;

  useEffect(() => {
    if (!signedIn) {
      seenNotificationId.current = null;
    }
  }, [signedIn]);

  useEffect(() => {
    const items = notifications.data;
    if (!signedIn || !items) return;
    const previous = seenNotificationId.current;
    const newestId = items.reduce((max, n) => Math.max(max, n.id), 0);
    seenNotificationId.current = Math.max(previous ?? 0, newestId);
    if (previous === null) return;
    const arrived = items.find(
      (n) =>
        n.id > previous &&
        !n.isRead &&
        n.type === 'shro_received' &&
        n.sessionId !== null &&
        where.current !== `/session/${n.sessionId}`,
    );
    if (arrived?.sessionId) {
      toast({
        title: arrived.title,
        description: arrived.message,
        action: <OpenLink href={`/session/${arrived.sessionId}`} />,
      });
    }
  }, [notifications.data, signedIn]);
}
