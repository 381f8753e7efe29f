import type { CurrentUser, PublicUser } from '@contract/auth';
import type { ChatMessage } from '@contract/chat';
import { pageHref } from '@contract/pages';
import { Trans, useLingui } from '@lingui/react/macro';
import { MessagesSquare, UserX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearch } from 'wouter';
import { EmptyState } from '@/components/empty-state';
import { PendingRead } from '@/components/pending-read';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { useConversations } from '../api/get-conversations';
import { useOnlineStatus } from '../api/get-online-status';
import { ConversationList } from './conversation-list';
import { MessagePane } from './message-pane';

/**
 * Messages: the conversation list and the open chat. `?with={userId}` opens a chat; on phones the
 * two are separate screens (the chat has a back button), from 768 px they sit side by side.
 */
export function ChatScreen({
  me,
  friends,
  friendsLoading,
  personMenu,
  messageActions,
}: {
  me: CurrentUser;
  friends: PublicUser[];
  friendsLoading: boolean;
  /**
   * The rows about the open chat's person (mute, block), from another feature: renders the
   * header's menu (`menu`) with them.
   */
  personMenu?: (other: PublicUser, menu: (personItems: ReactNode) => ReactNode) => ReactNode;
  /** Actions on one of the other person's messages (report), from another feature. */
  messageActions?: (message: ChatMessage, other: PublicUser) => ReactNode;
}) {
  const { t } = useLingui();
  const activeUserId = new URLSearchParams(useSearch()).get('with');
  const conversations = useConversations();
  const conversationList = conversations.data ?? [];
  const online = useOnlineStatus([...conversationList.map((c) => c.user.id), ...friends.map((f) => f.id)]);
  const onlineMap = online.data ?? {};

  const activeConversation = conversationList.find((c) => c.user.id === activeUserId);
  const activeUser = activeConversation?.user ?? friends.find((f) => f.id === activeUserId);
  const stillLoading = conversations.isPending || friendsLoading;

  return (
    <div className="mx-auto flex h-[calc(100dvh-4rem-env(safe-area-inset-top)-var(--offline-banner-height,0px))] w-full max-w-6xl md:px-4 md:py-6">
      <div className="flex min-h-0 flex-1 overflow-hidden border-border/70 bg-surface/80 md:rounded-3xl md:border md:shadow-xl md:shadow-black/20">
        <aside
          aria-label={t`Conversation list`}
          className={cn(
            'min-h-0 w-full flex-col border-border/60 md:flex md:w-80 md:border-e lg:w-96',
            activeUserId ? 'hidden' : 'flex',
          )}
        >
          <div className="flex items-center justify-between px-5 pb-2 pt-5">
            <h1 className="text-2xl font-extrabold tracking-tight">
              <Trans>Messages</Trans>
            </h1>
          </div>
          <ConversationList
            meId={me.id}
            conversations={conversationList}
            friends={friends}
            online={onlineMap}
            activeUserId={activeUserId}
            isLoading={stillLoading}
          />
        </aside>

        <div className={cn('min-h-0 min-w-0 flex-1 flex-col md:flex', activeUserId ? 'flex' : 'hidden')}>
          {/* On phones the list (and its heading) is hidden while a chat is open. */}
          {activeUserId && (
            <h1 className="sr-only md:hidden">
              <Trans>Messages</Trans>
            </h1>
          )}
          {!activeUserId ? (
            <EmptyState icon={MessagesSquare} title={t`Your messages`} className="m-auto">
              <Trans>Choose a conversation or a friend to start chatting.</Trans>
            </EmptyState>
          ) : activeUser ? (
            <MessagePane
              key={activeUser.id}
              meId={me.id}
              other={activeUser}
              online={Boolean(onlineMap[activeUser.id])}
              hadUnread={(activeConversation?.unreadCount ?? 0) > 0}
              personMenu={personMenu ? (menu) => personMenu(activeUser, menu) : undefined}
              messageActions={messageActions ? (message) => messageActions(message, activeUser) : undefined}
            />
          ) : stillLoading ? (
            <PendingRead className="m-auto">
              <Spinner className="m-auto" label={t`Loading conversation`} />
            </PendingRead>
          ) : (
            <EmptyState
              icon={UserX}
              title={t`Conversation not found`}
              className="m-auto"
              action={
                <Button asChild variant="secondary">
                  <Link href={pageHref('chat')}>
                    <Trans>Back to messages</Trans>
                  </Link>
                </Button>
              }
            >
              <Trans>You can only chat with your friends.</Trans>
            </EmptyState>
          )}
        </div>
      </div>
    </div>
  );
}
