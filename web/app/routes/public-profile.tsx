import { useParams } from 'wouter';
import { useAuth } from '@/features/auth/api/get-user';
import { ProfileFriendButton } from '@/features/friends/components/profile-friend-button';
import { PublicProfile } from '@/features/profiles/components/public-profile';
import { LoadingScreen } from '../layout/loading-screen';

function decode(raw: string) {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** /@{username}: public, for visitors too; the friend button comes from the friends feature. */
export default function PublicProfilePage() {
  const { username = '' } = useParams<{ username: string }>();
  const { user, isLoading } = useAuth();
  if (isLoading) return <LoadingScreen />;
  return (
    <PublicProfile
      key={username}
      username={decode(username)}
      viewerId={user?.id ?? null}
      friendAction={(profile) => <ProfileFriendButton userId={profile.id} username={profile.username} />}
    />
  );
}
