import type { PublicUser } from '@contract/auth';
import type { Conversation, OnlineStatusMap } from '@contract/chat';
import { pageHref } from '@contract/pages';
import { PRODUCT_NAME } from '@contract/product';
import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { MessageCirclePlus, MessagesSquare, UserPlus } from 'lucide-react';
import { Link } from 'wouter';
import { EmptyState } from '@/components/empty-state';
import { PendingRead } from '@/components/pending-read';
import { Button } from '@/components/ui/button';
import { Badge, Spinner } from '@/components/ui/card';
import { displayName, UserAvatar } from '@/components/user-avatar';
import { cn } from '@/lib/cn';
import { capBadge } from './cap-badge';
import { formatMessageTime } from './message-time';

function preview(i18n: I18n, conversation: Conversation, meId: string) {
  const { lastMessage } = conversation;
  const text = lastMessage.messageType === 'shro_share' ? i18n._(msg`🎁 Sent a ${PRODUCT_NAME}`) : lastMessage.content;
  return lastMessage.senderId === meId ? i18n._(msg`You: ${text}`) : text;
}

const rowClass =
  'flex min-h-16 w-full items-center gap-3 rounded-2xl px-3 py-2.5 text-start transition-colors hover:bg-surface-2/70';

/** Conversations (newest first) with online dots and unread badges, then friends to start a new chat with. */
export function ConversationList({
  meId,
  conversations,
  friends,
  online,
  activeUserId,
  isLoading,
}: {
  meId: string;
  conversations: Conversation[];
  friends: PublicUser[];
  online: OnlineStatusMap;
  activeUserId: string | null;
  isLoading: boolean;
}) {
  const { t, i18n } = useLingui();
  const talkedTo = new Set(conversations.map((c) => c.user.id));
  const newChats = friends.filter((f) => !talkedTo.has(f.id));

  return (
    <div className="flex min-h-0 flex-1 flex-col overflow-y-auto p-2">
      {isLoading ? (
        <PendingRead>
          <Spinner className="mx-auto my-10 block" label={t`Loading conversations`} />
        </PendingRead>
      ) : conversations.length > 0 ? (
        <ul aria-label={t`Conversations`} className="space-y-1">
          {conversations.map((conversation) => {
            const { user, lastMessage, unreadCount } = conversation;
            const active = user.id === activeUserId;
            return (
              <li key={user.id}>
                <Link
                  href={pageHref('chat', { query: { with: user.id } })}
                  aria-current={active ? 'page' : undefined}
                  className={cn(rowClass, active && 'bg-surface-2 ring-1 ring-brand/40')}
                >
                  <UserAvatar user={user} online={online[user.id]} />
                  <span className="min-w-0 flex-1">
                    <span className="flex items-baseline justify-between gap-2">
                      <span className={cn('truncate', unreadCount > 0 ? 'font-bold' : 'font-semibold')}>
                        {displayName(user)}
                      </span>
                      <time dateTime={lastMessage.createdAt} className="shrink-0 text-xs text-muted">
                        {formatMessageTime(lastMessage.createdAt, i18n.locale)}
                      </time>
                    </span>
                    <span className="flex items-center justify-between gap-2">
                      <span className={cn('truncate text-sm', unreadCount > 0 ? 'text-zinc-100' : 'text-muted')}>
                        {preview(i18n, conversation, meId)}
                      </span>
                      {unreadCount > 0 && (
                        <Badge aria-label={t`${plural(unreadCount, { one: '# unread', other: '# unread' })}`}>
                          {capBadge(unreadCount)}
                        </Badge>
                      )}
                    </span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      ) : (
        <EmptyState icon={MessagesSquare} title={t`No conversations yet`} className="py-8">
          {friends.length > 0 ? (
            <Trans>Pick a friend below to say hello.</Trans>
          ) : (
            <Trans>Add friends to start chatting.</Trans>
          )}
        </EmptyState>
      )}

      <section aria-labelledby="start-chat-heading" className="mt-4 border-t border-border/60 pt-3">
        <h2
          id="start-chat-heading"
          className="flex items-center gap-2 px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-muted"
        >
          <MessageCirclePlus className="size-4" aria-hidden="true" /> <Trans>Start a chat</Trans>
        </h2>
        {newChats.length > 0 ? (
          <ul aria-label={t`Friends to chat with`} className="space-y-1">
            {newChats.map((friend) => (
              <li key={friend.id}>
                <Link
                  href={pageHref('chat', { query: { with: friend.id } })}
                  aria-current={friend.id === activeUserId ? 'page' : undefined}
                  className={cn(
                    rowClass,
                    'min-h-14',
                    friend.id === activeUserId && 'bg-surface-2 ring-1 ring-brand/40',
                  )}
                >
                  <UserAvatar user={friend} size="sm" online={online[friend.id]} />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-semibold">{displayName(friend)}</span>
                    <span className="block truncate text-xs text-muted">@{friend.username}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <div className="px-3 py-2 text-sm text-muted">
            {friends.length > 0 ? (
              <Trans>You're already chatting with all your friends.</Trans>
            ) : (
              <Button asChild variant="secondary" size="sm" className="mt-1 h-11 w-full">
                <Link href={pageHref('friends', { query: { tab: 'find' } })}>
                  <UserPlus /> <Trans>Find friends</Trans>
                </Link>
              </Button>
            )}
          </div>
        )}
      </section>
    </div>
  );
}
