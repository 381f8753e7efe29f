import { useParams } from 'wouter';
import { useAuth } from '@/features/auth/api/get-user';
import { InviteLanding } from '@/features/friends/components/invite-landing';
import { LoadingScreen } from '../layout/loading-screen';

/** /invite/:token: public; who invites, with Sign up and Log in, or a friend request for someone signed in. */
export default function InvitePage() {
  const { token = '' } = useParams<{ token: string }>();
  const { user, isLoading } = useAuth();
  if (isLoading) return <LoadingScreen />;
  return <InviteLanding key={token} token={token} viewerId={user?.id ?? null} />;
}
