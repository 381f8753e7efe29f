import { PRODUCT_NAME } from '@contract/product';
import { useLingui } from '@lingui/react/macro';
import { useAuth } from '@/features/auth/api/get-user';
import { WithSafetyMenuItems } from '@/features/blocks/components/safety-menu-items';
import { ChatScreen } from '@/features/chat/components/chat-screen';
import { ReportButton } from '@/features/moderation/components/report-button';
import { useFriends } from '@/lib/shared-reads';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function ChatPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Messages - ${PRODUCT_NAME}`);
  const { user } = useAuth();
  // The friends list to start a chat (a read the friends page shares, web/lib/shared-reads).
  const friends = useFriends();
  if (!user) return null;
  return (
    <ChatScreen
      me={user}
      friends={friends.data ?? []}
      friendsLoading={friends.isPending}
      personMenu={(other, menu) => <WithSafetyMenuItems user={other}>{menu}</WithSafetyMenuItems>}
      messageActions={(message, other) => (
        <ReportButton
          compact
          targets={[{ type: 'message', id: String(message.id), label: t`This message` }]}
          person={other}
          label={t`Report this message`}
          title={t`Report this message`}
        />
      )}
    />
  );
}
