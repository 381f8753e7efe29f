import { Trans, useLingui } from '@lingui/react/macro';
import { Inbox, UserSearch, Users } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { Card } from '@/components/ui/card';
import { useFriends } from '@/lib/shared-reads';
import { useFriendRequests } from '../api/get-friend-requests';
import { FindFriends } from './find-friends';
import { FriendList } from './friend-list';
import { RequestList } from './request-list';

export const friendsTabs = ['friends', 'requests', 'find'] as const;
export type FriendsTab = (typeof friendsTabs)[number];

const triggerClass =
  'flex h-11 flex-1 items-center justify-center gap-1.5 whitespace-nowrap rounded-xl px-1.5 text-[13px] font-semibold sm:gap-2 sm:px-2 sm:text-sm text-muted transition-colors hover:text-zinc-100 data-[state=active]:bg-gradient-to-r data-[state=active]:from-brand data-[state=active]:to-brand-2 data-[state=active]:text-white data-[state=active]:shadow-lg data-[state=active]:shadow-brand/20 [&_svg]:hidden [&_svg]:size-4 [&_svg]:shrink-0 sm:[&_svg]:block';

function Count({ value, highlight }: { value: number | undefined; highlight?: boolean }) {
  if (!value) return null;
  return (
    <span
      className={
        highlight
          ? 'rounded-full bg-brand-2 px-1.5 text-[11px] font-bold leading-5 text-white'
          : 'rounded-full bg-white/15 px-1.5 text-[11px] font-bold leading-5'
      }
    >
      {value}
    </span>
  );
}

/** Friends, Requests and Find Friends (docs/product.md §2). */
export function FriendsTabs({ initialTab = 'friends' }: { initialTab?: FriendsTab }) {
  const { t } = useLingui();
  const [tab, setTab] = useState<FriendsTab>(initialTab);
  const friends = useFriends();
  const requests = useFriendRequests();
  const showFind = () => setTab('find');

  return (
    <Tabs.Root value={tab} onValueChange={(value) => setTab(value as FriendsTab)}>
      <Tabs.List
        aria-label={t`Friends sections`}
        className="flex gap-1 rounded-2xl border border-border/70 bg-surface/80 p-1"
      >
        <Tabs.Trigger value="friends" className={triggerClass}>
          <Users aria-hidden="true" /> <Trans>Friends</Trans> <Count value={friends.data?.length} />
        </Tabs.Trigger>
        <Tabs.Trigger value="requests" className={triggerClass}>
          <Inbox aria-hidden="true" /> <Trans>Requests</Trans> <Count value={requests.data?.length} highlight />
        </Tabs.Trigger>
        <Tabs.Trigger value="find" className={triggerClass}>
          <UserSearch aria-hidden="true" /> <Trans>Find Friends</Trans>
        </Tabs.Trigger>
      </Tabs.List>
      <Card className="mt-4 p-3 sm:p-5">
        <Tabs.Content value="friends" className="outline-none">
          <FriendList onFindFriends={showFind} />
        </Tabs.Content>
        <Tabs.Content value="requests" className="outline-none">
          <RequestList onFindFriends={showFind} />
        </Tabs.Content>
        <Tabs.Content value="find" className="outline-none">
          <FindFriends />
        </Tabs.Content>
      </Card>
    </Tabs.Root>
  );
}
