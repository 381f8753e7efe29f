import type { PublicUser } from '@contract/auth';
import type { ChatMessage } from '@contract/chat';
import { isDeletedUsername } from '@contract/deleted-user';
import { pageHref } from '@contract/pages';
import { PRODUCT_NAME } from '@contract/product';
import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowLeft, Gift, MoreVertical, Trash2 } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { PendingRead } from '@/components/pending-read';
import { Button } from '@/components/ui/button';
import { Alert, Spinner } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { MenuContent, MenuItem } from '@/components/ui/menu';
import { displayName, UserAvatar } from '@/components/user-avatar';
import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/use-toast';
import { useDeleteConversation } from '../api/delete-conversation';
import { useMessages } from '../api/get-messages';
import { useMarkConversationRead } from '../api/mark-conversation-read';
import { MessageBubble } from './message-bubble';
import { MessageComposer } from './message-composer';

/**
 * The chat's one menu: the rows about the person another feature brings (mute, block), then
 * Delete conversation, asked first: it hides the messages so far from me only (the other person
 * keeps theirs) and closes the chat; a new message brings the conversation back.
 */
function ConversationMenu({ other, name, personItems }: { other: PublicUser; name: string; personItems: ReactNode }) {
  const { i18n, t } = useLingui();
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteConversation(other.id);
  const [, navigate] = useLocation();
  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger asChild>
          <Button variant="ghost" size="icon" className="size-11" aria-label={t`Conversation options`}>
            <MoreVertical className="!size-5" />
          </Button>
        </DropdownMenu.Trigger>
        <MenuContent className="min-w-52">
          {personItems}
          <MenuItem destructive onSelect={() => setConfirming(true)}>
            <Trash2 className="size-4" aria-hidden="true" /> <Trans>Delete conversation</Trans>
          </MenuItem>
        </MenuContent>
      </DropdownMenu.Root>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t`Delete your conversation with ${name}?`}
        description={t`The messages so far disappear from your chats only; ${name} keeps theirs. A new message starts the conversation again.`}
        confirmLabel={t`Delete`}
        pendingLabel={t`Deleting...`}
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              toast({ title: t`Conversation deleted` });
              navigate(pageHref('chat'));
            },
            onError: (error) => {
              toast({
                variant: 'destructive',
                title: t`Failed to delete conversation`,
                description: errorMessage(error, i18n),
              });
            },
          })
        }
      />
    </>
  );
}

/** The open chat with one person: header, messages (polled every 2 s) and the composer. */
export function MessagePane({
  meId,
  other,
  online,
  hadUnread,
  personMenu,
  messageActions,
}: {
  meId: string;
  other: PublicUser;
  online: boolean;
  /** The conversation list still counts unread messages from them. */
  hadUnread: boolean;
  /**
   * The rows about the person (mute, block) for the header's menu: renders the menu it is given
   * with them, so the chat has one menu.
   */
  personMenu?: (menu: (personItems: ReactNode) => ReactNode) => ReactNode;
  /** Actions on one of their messages (report), from another feature; not on the user's own. */
  messageActions?: (message: ChatMessage) => ReactNode;
}) {
  const { t } = useLingui();
  const messages = useMessages(other.id);
  const end = useRef<HTMLDivElement>(null);
  const list = messages.data ?? [];
  const lastId = list.at(-1)?.id;

  useEffect(() => {
    if (messages.isError) toast({ variant: 'destructive', title: t`Failed to fetch messages` });
  }, [messages.isError, t]);

  // An open chat reads what arrives in it: whenever a message of theirs that I have not read
  // shows (or the list still counts some), mark the conversation read. The answer refreshes the
  // ticks and both unread counts; an unchanged answer refreshes nothing, so this cannot loop.
  const lastUnreadId = list.filter((m) => m.senderId === other.id && m.readAt === null).at(-1)?.id;
  const { mutate: markRead } = useMarkConversationRead(other.id);
  useEffect(() => {
    if (lastUnreadId !== undefined || hadUnread) markRead();
  }, [lastUnreadId, hadUnread, markRead]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll whenever a new last message arrives
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [lastId]);

  const name = displayName(other);
  // A deleted account (decision 115): the messages stay readable; no profile, no reply.
  const deleted = isDeletedUsername(other.username);
  const person = (
    <>
      <UserAvatar user={other} online={online} />
      <span className="min-w-0">
        <span className="block truncate font-bold">{name}</span>
        <span className="block truncate text-xs text-muted">
          {deleted ? (
            <Trans>Account deleted</Trans>
          ) : online ? (
            <span className="text-emerald-300">
              <Trans>Online</Trans>
            </span>
          ) : (
            `@${other.username}`
          )}
        </span>
      </span>
    </>
  );

  return (
    <section aria-label={t`Chat with ${name}`} className="flex min-h-0 min-w-0 flex-1 flex-col">
      <header className="flex items-center gap-2 border-b border-border/60 px-2 py-2 sm:px-3">
        <Button asChild variant="ghost" size="icon" className="size-11 md:hidden">
          <Link href={pageHref('chat')} aria-label={t`Back to conversations`}>
            <ArrowLeft className="!size-5 rtl:-scale-x-100" />
          </Link>
        </Button>
        {deleted ? (
          <div className="flex min-w-0 flex-1 items-center gap-3 py-1">{person}</div>
        ) : (
          <Link
            href={pageHref('publicProfile', { username: other.username })}
            className="flex min-w-0 flex-1 items-center gap-3 rounded-xl py-1"
          >
            {person}
          </Link>
        )}
        {/* Icon only on phones so the name keeps its room; the label stays for screen readers. */}
        {!deleted && (
          <Button asChild size="sm" className="size-11 px-0 sm:h-9 sm:w-auto sm:px-3">
            <Link
              href={pageHref('create', { query: { friendUsername: other.username } })}
              aria-label={t`Send ${PRODUCT_NAME}`}
              title={t`Send ${PRODUCT_NAME}`}
            >
              <Gift />{' '}
              <span className="hidden sm:inline">
                <Trans>Send {PRODUCT_NAME}</Trans>
              </span>
            </Link>
          </Button>
        )}
        {personMenu && !deleted ? (
          personMenu((personItems) => <ConversationMenu other={other} name={name} personItems={personItems} />)
        ) : (
          <ConversationMenu other={other} name={name} personItems={null} />
        )}
      </header>

      <div className="min-h-0 flex-1 overflow-y-auto px-3 py-4 sm:px-5">
        {messages.isPending ? (
          <PendingRead>
            <Spinner className="mx-auto my-10 block" label={t`Loading messages`} />
          </PendingRead>
        ) : messages.isError && list.length === 0 ? (
          <Alert variant="destructive">
            <Trans>Failed to fetch messages</Trans>
          </Alert>
        ) : list.length === 0 ? (
          <div className="flex h-full flex-col items-center justify-center gap-3 text-center">
            <UserAvatar user={other} size="lg" />
            <p className="font-semibold">
              <Trans>Say hi to {name} 👋</Trans>
            </p>
            <p className="max-w-xs text-sm text-muted">
              <Trans>Messages are only between the two of you. You can also send them a mystery {PRODUCT_NAME}.</Trans>
            </p>
          </div>
        ) : (
          <ol aria-label={t`Messages`} aria-live="polite" aria-relevant="additions" className="flex flex-col gap-1.5">
            {list.map((message) => (
              <MessageBubble
                key={message.id}
                message={message}
                mine={message.senderId === meId}
                actions={message.senderId === meId ? undefined : messageActions?.(message)}
              />
            ))}
          </ol>
        )}
        <div ref={end} />
      </div>

      {deleted ? (
        <p className="border-t border-border/60 px-4 py-4 text-center text-sm text-muted">
          <Trans>This account was deleted. You can still read your messages, but you can't reply.</Trans>
        </p>
      ) : (
        <MessageComposer recipientId={other.id} recipientName={name} />
      )}
    </section>
  );
}
