import { INVITE_QUERY_PARAM, isInviteTokenShape } from '@contract/invite-links';
import { PRODUCT_NAME } from '@contract/product';
import { useLingui } from '@lingui/react/macro';
import { useSearch } from 'wouter';
import { AuthCard } from '@/features/auth/components/auth-card';
import { RegisterForm } from '@/features/auth/components/register-form';
import { SignedInRedirect } from '@/features/auth/components/signed-in-redirect';
import { useInvitePreview } from '@/features/friends/api/get-invite';
import { InviteSignUpNote } from '@/features/friends/components/invite-sign-up-note';
import { useRedirectTarget } from '@/lib/redirect';
import { useDocumentTitle } from '@/lib/use-document-title';
import { LoadingScreen } from '../layout/loading-screen';

/** /register, optionally from an invite link (`?invite=`): the note says whom the account will be friends with. */
export default function RegisterPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Create Account - Join ${PRODUCT_NAME}`);
  const redirectTo = useRedirectTarget();
  const raw = new URLSearchParams(useSearch()).get(INVITE_QUERY_PARAM);
  const token = isInviteTokenShape(raw) ? raw : null;
  const invite = useInvitePreview(token ?? '', token !== null);
  // A link that no longer works is dropped: the account is made without it rather than refused.
  const inviteToken = token && !invite.isError ? token : undefined;
  return (
    <SignedInRedirect to={redirectTo} loading={<LoadingScreen />}>
      <AuthCard title={t`Create your account`} subtitle={t`Join ${PRODUCT_NAME} and start deciding with friends`}>
        {token && <InviteSignUpNote preview={invite} />}
        <RegisterForm
          redirectTo={redirectTo}
          inviteToken={inviteToken}
          onInviteRejected={() => void invite.refetch()}
        />
      </AuthCard>
    </SignedInRedirect>
  );
}
