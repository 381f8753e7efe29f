import { pageMeta } from '@contract/seo';
import { PageMeta } from '@/components/page-meta';
import { useAuth } from '@/features/auth/api/get-user';
import { HomeFriendRequests } from '@/features/friends/components/home-friend-requests';
import { MemberHome } from '@/features/home/components/member-home';
import { VisitorHome } from '@/features/home/components/visitor-home';
import { LoadingScreen } from '../layout/loading-screen';

export default function HomePage() {
  const { user, isLoading } = useAuth();
  return (
    <>
      <PageMeta meta={pageMeta.home} />
      {isLoading ? <LoadingScreen /> : user ? <MemberHome friendRequests={<HomeFriendRequests />} /> : <VisitorHome />}
    </>
  );
}
