import { PRODUCT_NAME, PRODUCT_NAME_PLURAL } from '@contract/product';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSearch } from 'wouter';
import { useAuth } from '@/features/auth/api/get-user';
import { UsernameCard } from '@/features/auth/components/username-card';
import { type FriendsTab, FriendsTabs, friendsTabs } from '@/features/friends/components/friends-tabs';
import { ProfileLinkCard } from '@/features/friends/components/profile-link-card';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function FriendsPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Friends - ${PRODUCT_NAME}`);
  const { user } = useAuth();
  const tab = new URLSearchParams(useSearch()).get('tab');
  if (!user) return null;
  return (
    <div className="mx-auto w-full max-w-3xl space-y-5 px-4 py-8 sm:py-12">
      <div>
        <h1 className="text-3xl font-extrabold tracking-tight">
          <Trans>Friends</Trans>
        </h1>
        <p className="mt-1 text-sm text-muted">
          <Trans>Add friends, answer requests and send them {PRODUCT_NAME_PLURAL}.</Trans>
        </p>
      </div>
      {/* The tabs first: on a phone the cards above them pushed the lists and the search below the fold. */}
      <FriendsTabs key={tab} initialTab={friendsTabs.includes(tab as FriendsTab) ? (tab as FriendsTab) : undefined} />
      {/* A long username must not push these cards past a phone's edge. */}
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <ProfileLinkCard username={user.username} />
        <UsernameCard currentUsername={user.username} />
      </div>
    </div>
  );
}
