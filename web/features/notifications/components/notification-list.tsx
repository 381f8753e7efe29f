import type { NotificationItem, NotificationType } from '@contract/notifications';
import { PRODUCT_NAME } from '@contract/product';
import {
  Bell,
  CheckCheck,
  Eye,
  Gift,
  type LucideIcon,
  PackageOpen,
  ShieldAlert,
  ShieldCheck,
  Smile,
  Sparkles,
  Trophy,
  UserCheck,
  UserPlus,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';
import { Alert, Badge, Card, Spinner } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { errorMessage } from '@/lib/error-message';
import { formatRelativeTime } from '@/lib/relative-time';
import { toast } from '@/lib/use-toast';
import { useNotifications } from '../api/get-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';

const typeStyles: Record<NotificationType, { icon: LucideIcon; tone: string }> = {
  shro_selected: { icon: PackageOpen, tone: 'from-purple-500/30 to-fuchsia-500/20 text-purple-200' },
  shro_received: { icon: Gift, tone: 'from-pink-500/30 to-rose-500/20 text-pink-200' },
  reaction: { icon: Smile, tone: 'from-amber-400/30 to-orange-500/20 text-amber-200' },
  friend_request: { icon: UserPlus, tone: 'from-sky-500/30 to-indigo-500/20 text-sky-200' },
  friend_accepted: { icon: UserCheck, tone: 'from-emerald-500/30 to-teal-500/20 text-emerald-200' },
  invite_accepted: { icon: UserCheck, tone: 'from-emerald-500/30 to-teal-500/20 text-emerald-200' },
  achievement_unlocked: { icon: Trophy, tone: 'from-yellow-400/30 to-amber-500/20 text-yellow-200' },
  report_outcome: { icon: ShieldCheck, tone: 'from-emerald-500/30 to-sky-500/20 text-emerald-200' },
  moderation_action: { icon: ShieldAlert, tone: 'from-red-500/30 to-orange-500/20 text-red-200' },
};

/** "View Result" is offered once the Shro's box has been picked (docs/product.md §2). */
function hasResult(notification: NotificationItem) {
  return (
    notification.type === 'shro_selected' &&
    notification.session !== null &&
    (notification.session.status === 'selected' || notification.session.selectedBoxId !== null)
  );
}

function NotificationRow({ notification, actions }: { notification: NotificationItem; actions?: ReactNode }) {
  const markRead = useMarkNotificationRead();
  const style = typeStyles[notification.type] ?? { icon: Bell, tone: 'from-brand/30 to-brand-2/20 text-purple-200' };
  const Icon = style.icon;
  const unread = !notification.isRead;

  function onMarkRead() {
    markRead.mutate(notification.id, {
      onError: () => toast({ variant: 'destructive', title: 'Failed to mark notification as read' }),
    });
  }
  // Following a link counts as reading it; a failure here is not worth interrupting anyone for.
  const readOnOpen = () => {
    if (unread) markRead.mutate(notification.id);
  };

  return (
    <li
      className={cn(
        'relative rounded-2xl border p-4 transition-colors',
        unread ? 'border-brand/50 bg-brand/10' : 'border-border/60 bg-surface-2/30',
      )}
    >
      <div className="flex gap-3">
        <div
          className={cn(
            'flex size-11 shrink-0 items-center justify-center rounded-2xl bg-gradient-to-br ring-1 ring-white/10',
            style.tone,
          )}
        >
          <Icon className="size-5" aria-hidden="true" />
        </div>
        <div className="min-w-0 flex-1">
          <div className="flex items-start justify-between gap-2">
            <h2 className={cn('text-[15px] leading-snug', unread ? 'font-bold' : 'font-semibold text-zinc-200')}>
              {notification.title}
            </h2>
            <div className="-mr-2 -mt-2 flex shrink-0 items-center gap-1">
              {unread && <Badge className="px-2">New</Badge>}
              {actions}
            </div>
          </div>
          <p className="mt-0.5 break-words text-sm text-zinc-300">{notification.message}</p>
          <time dateTime={notification.createdAt} className="mt-1 block text-xs text-muted">
            {formatRelativeTime(notification.createdAt)}
          </time>
        </div>
      </div>
      {(notification.sessionId || unread || notification.type === 'friend_request') && (
        <div className="mt-3 flex flex-wrap gap-2 sm:pl-14">
          {notification.sessionId && (
            <Button asChild size="sm" variant="secondary" className="h-11 flex-1 sm:h-9 sm:flex-none">
              <Link href={`/session/${notification.sessionId}`} onClick={readOnOpen}>
                <Eye /> View {PRODUCT_NAME}
              </Link>
            </Button>
          )}
          {notification.sessionId && hasResult(notification) && (
            <Button asChild size="sm" className="h-11 flex-1 sm:h-9 sm:flex-none">
              <Link href={`/session/${notification.sessionId}?view=result`} onClick={readOnOpen}>
                <Sparkles /> View Result
              </Link>
            </Button>
          )}
          {notification.type === 'friend_request' && (
            <Button asChild size="sm" variant="secondary" className="h-11 flex-1 sm:h-9 sm:flex-none">
              <Link href="/friends?tab=requests" onClick={readOnOpen}>
                <UserPlus /> View Request
              </Link>
            </Button>
          )}
          {unread && (
            <Button
              size="sm"
              variant="ghost"
              className="h-11 flex-1 text-zinc-300 sm:h-9 sm:flex-none"
              onClick={onMarkRead}
              disabled={markRead.isPending}
            >
              <CheckCheck /> Mark as read
            </Button>
          )}
        </div>
      )}
    </li>
  );
}

/**
 * The notification list with Mark All Read (docs/product.md §2). `itemActions`: a menu per
 * notification (mute, block), from another feature.
 */
export function NotificationList({
  itemActions,
}: {
  itemActions?: (notification: NotificationItem) => ReactNode;
} = {}) {
  // The header already holds this query; the page asks again on every visit so it is current.
  const notifications = useNotifications(true, { refetchOnMount: 'always' });
  const markAll = useMarkAllNotificationsRead();
  const items = notifications.data ?? [];
  const unreadCount = items.filter((n) => !n.isRead).length;

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:py-12">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight">Notifications</h1>
          <p className="mt-1 text-sm text-muted" aria-live="polite">
            {notifications.isLoading
              ? 'Loading…'
              : unreadCount > 0
                ? `You have ${unreadCount} unread notification${unreadCount === 1 ? '' : 's'}`
                : "You're all caught up"}
          </p>
        </div>
        <Button
          variant="secondary"
          disabled={unreadCount === 0 || markAll.isPending}
          onClick={() =>
            markAll.mutate(undefined, {
              onError: () => toast({ variant: 'destructive', title: 'Failed to mark all notifications as read' }),
            })
          }
        >
          <CheckCheck /> Mark All Read
        </Button>
      </div>

      <Card className="mt-6 p-3 sm:p-4">
        {notifications.isLoading ? (
          <Spinner className="mx-auto my-10 block" label="Loading notifications" />
        ) : notifications.isError ? (
          <Alert variant="destructive">{errorMessage(notifications.error)}</Alert>
        ) : items.length === 0 ? (
          <EmptyState icon={Bell} title="No notifications yet">
            When friends open your {PRODUCT_NAME}s, react to them or send you requests, you'll hear about it here.
          </EmptyState>
        ) : (
          <ul className="space-y-2" aria-label="Notifications">
            {items.map((notification) => (
              <NotificationRow
                key={notification.id}
                notification={notification}
                actions={itemActions?.(notification)}
              />
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
