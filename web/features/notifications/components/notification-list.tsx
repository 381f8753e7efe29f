import type { NotificationItem, NotificationType } from '@contract/notifications';
import { pageHref } from '@contract/pages';
import { PRODUCT_NAME, PRODUCT_NAME_PLURAL } from '@contract/product';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import {
  Bell,
  BellRing,
  CheckCheck,
  Eye,
  Gift,
  Hourglass,
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
import { PendingRead } from '@/components/pending-read';
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
  shro_nudge: { icon: BellRing, tone: 'from-pink-500/30 to-fuchsia-500/20 text-pink-200' },
  shro_closed: { icon: Hourglass, tone: 'from-purple-500/30 to-indigo-500/20 text-purple-200' },
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
  const { t, i18n } = useLingui();
  const markRead = useMarkNotificationRead();
  const style = typeStyles[notification.type] ?? { icon: Bell, tone: 'from-brand/30 to-brand-2/20 text-purple-200' };
  const Icon = style.icon;
  const unread = !notification.isRead;

  function onMarkRead() {
    markRead.mutate(notification.id, {
      onError: () => toast({ variant: 'destructive', title: t`Failed to mark notification as read` }),
    });
  }
  // Following a link counts as reading it; a failure here is not worth interrupting anyone for.
  const readOnOpen = () => {
    if (unread) markRead.mutate(notification.id);
  };

  // Compact on a phone (one line of title, two of message, the links in one row): a long list
  // shows several notifications a screen, not two.
  const linkClass = 'h-8 gap-1.5 rounded-lg px-2.5 text-xs [&_svg]:hidden [&_svg]:size-3.5 sm:[&_svg]:block';
  return (
    <li
      className={cn(
        'grid grid-cols-[auto_minmax(0,1fr)_auto] gap-x-3 rounded-2xl border p-3 transition-colors',
        unread ? 'border-brand/50 bg-brand/10' : 'border-border/60 bg-surface-2/30',
      )}
    >
      <div
        className={cn(
          'flex size-9 shrink-0 items-center justify-center rounded-xl bg-gradient-to-br ring-1 ring-white/10',
          style.tone,
        )}
      >
        <Icon className="size-4" aria-hidden="true" />
      </div>
      <div className="min-w-0">
        <div className="flex items-center gap-2">
          <h2
            className={cn(
              'min-w-0 truncate text-[15px] leading-5',
              unread ? 'font-bold' : 'font-semibold text-zinc-200',
            )}
            title={notification.title}
          >
            {notification.title}
          </h2>
          {unread && (
            <Badge className="shrink-0 px-1.5">
              <Trans>New</Trans>
            </Badge>
          )}
        </div>
        <p className="line-clamp-2 break-words text-sm leading-5 text-zinc-300">{notification.message}</p>
      </div>
      <div className="-me-1.5 -mt-1.5 flex items-start">{actions}</div>
      <div className="col-span-3 mt-1.5 flex flex-wrap items-center gap-x-2 gap-y-1 sm:col-span-2 sm:col-start-2">
        <time dateTime={notification.createdAt} className="me-auto text-xs text-muted">
          {formatRelativeTime(notification.createdAt, i18n.locale)}
        </time>
        {notification.sessionId && (
          <Button asChild size="sm" variant="secondary" className={linkClass}>
            <Link href={pageHref('session', { id: notification.sessionId })} onClick={readOnOpen}>
              <Eye /> <Trans>View {PRODUCT_NAME}</Trans>
            </Link>
          </Button>
        )}
        {notification.sessionId && hasResult(notification) && (
          <Button asChild size="sm" className={linkClass}>
            <Link
              href={pageHref('session', { id: notification.sessionId, query: { view: 'result' } })}
              onClick={readOnOpen}
            >
              <Sparkles /> <Trans>View Result</Trans>
            </Link>
          </Button>
        )}
        {notification.type === 'friend_request' && (
          <Button asChild size="sm" variant="secondary" className={linkClass}>
            <Link href={pageHref('friends', { query: { tab: 'requests' } })} onClick={readOnOpen}>
              <UserPlus /> <Trans>View Request</Trans>
            </Link>
          </Button>
        )}
        {unread && (
          <Button
            size="sm"
            variant="ghost"
            className="size-8 px-0 text-zinc-300"
            onClick={onMarkRead}
            disabled={markRead.isPending}
            aria-label={t`Mark as read`}
            title={t`Mark as read`}
          >
            <CheckCheck />
          </Button>
        )}
      </div>
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
  const { i18n, t } = useLingui();
  // The header already holds this query; the page asks again on every visit so it is current.
  const notifications = useNotifications(true, { refetchOnMount: 'always' });
  const markAll = useMarkAllNotificationsRead();
  const items = notifications.data ?? [];
  const unreadCount = items.filter((n) => !n.isRead).length;

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:py-12">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight">
            <Trans>Notifications</Trans>
          </h1>
          <p className="mt-1 text-sm text-muted" aria-live="polite">
            {notifications.isLoading ? (
              <Trans>Loading…</Trans>
            ) : unreadCount > 0 ? (
              <Plural
                value={unreadCount}
                one="You have # unread notification"
                other="You have # unread notifications"
              />
            ) : (
              <Trans>You're all caught up</Trans>
            )}
          </p>
        </div>
        <Button
          variant="secondary"
          disabled={unreadCount === 0 || markAll.isPending}
          onClick={() =>
            markAll.mutate(undefined, {
              onError: () => toast({ variant: 'destructive', title: t`Failed to mark all notifications as read` }),
            })
          }
        >
          <CheckCheck /> <Trans>Mark All Read</Trans>
        </Button>
      </div>

      <Card className="mt-6 p-3 sm:p-4">
        {notifications.isLoading ? (
          <PendingRead>
            <Spinner className="mx-auto my-10 block" label={t`Loading notifications`} />
          </PendingRead>
        ) : notifications.isError ? (
          <Alert variant="destructive">{errorMessage(notifications.error, i18n)}</Alert>
        ) : items.length === 0 ? (
          <EmptyState icon={Bell} title={t`No notifications yet`}>
            <Trans>
              When friends open your {PRODUCT_NAME_PLURAL}, react to them or send you requests, you'll hear about it
              here.
            </Trans>
          </EmptyState>
        ) : (
          <ul className="space-y-2" aria-label={t`Notifications`}>
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
