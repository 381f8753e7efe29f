import type { PublicUser } from '@contract/auth';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useParams } from 'wouter';
import { useAuth } from '@/features/auth/api/get-user';
import { ProfileSafetyActions } from '@/features/blocks/components/profile-safety-actions';
import { ProfileFriendButton } from '@/features/friends/components/profile-friend-button';
import { ReportButton, type ReportTarget } from '@/features/moderation/components/report-button';
import { uploadKeyOf } from '@/features/moderation/utils/upload-key';
import { PublicProfile } from '@/features/profiles/components/public-profile';
import { LoadingScreen } from '../layout/loading-screen';

function decode(raw: string) {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** The person, and their profile picture when they have one (reported by its upload key, decision 106). */
function reportTargetsOf(profile: PublicUser, i18n: I18n): ReportTarget[] {
  const username = profile.username;
  const targets: ReportTarget[] = [{ type: 'user', id: profile.id, label: `@${username}` }];
  const key = uploadKeyOf(profile.profileImageUrl);
  if (key) targets.push({ type: 'image', id: key, label: i18n._(msg`@${username}'s profile picture`) });
  return targets;
}

/** /@{username}: public, for visitors too; the friend button comes from the friends feature, mute and block from blocks. */
export default function PublicProfilePage() {
  const { username = '' } = useParams<{ username: string }>();
  const { t, i18n } = useLingui();
  const { user, isLoading } = useAuth();
  if (isLoading) return <LoadingScreen />;
  return (
    <PublicProfile
      key={username}
      username={decode(username)}
      viewerId={user?.id ?? null}
      friendAction={(profile) => {
        const name = profile.username;
        return (
          <ProfileSafetyActions
            user={profile}
            friendButton={
              <>
                <ProfileFriendButton userId={profile.id} username={name} />
                <ReportButton
                  targets={reportTargetsOf(profile, i18n)}
                  person={profile}
                  label={t`Report @${name}`}
                  title={t`Report @${name}`}
                />
              </>
            }
          />
        );
      }}
    />
  );
}
