import { HomeFriendRequests } from '@/features/friends/components/home-friend-requests';
import { MemberHome } from '@/features/home/components/member-home';

/**
 * The signed-in home with its inbox (the friends feature's requests included): its own chunk, which
 * a visitor never loads (decision 094).
 */
export default function HomeMember() {
  return <MemberHome friendRequests={<HomeFriendRequests />} />;
}
