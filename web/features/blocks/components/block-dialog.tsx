import { Trans, useLingui } from '@lingui/react/macro';
import { ConfirmDialog } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/use-toast';
import { useSetBlocked } from '../api/block-user';

export interface SafetyTarget {
  id: string;
  username: string;
}

/** "Block @x?": the confirmation before any block, spelling out what it does (decision 104). */
export function BlockDialog({
  user,
  open,
  onOpenChange,
  onBlocked,
}: {
  user: SafetyTarget;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onBlocked?: () => void;
}) {
  const { t, i18n } = useLingui();
  const setBlocked = useSetBlocked();
  const username = user.username;
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t`Block @${username}?`}
      description={
        <Trans>
          @{username} won't be able to send you friend requests, messages or Shros, and you won't see each other's
          Shros. They won't be told.
        </Trans>
      }
      confirmLabel={t`Block`}
      pendingLabel={t`Blocking...`}
      pending={setBlocked.isPending}
      // The promise, not mutate's callbacks: the refetch after a block may replace the component
      // that asked, and the toast must come anyway.
      onConfirm={() =>
        setBlocked.mutateAsync({ userId: user.id, blocked: true }).then(
          () => {
            onOpenChange(false);
            toast({ title: t`@${username} blocked`, description: t`You can unblock them in Settings.` });
            onBlocked?.();
          },
          (error: unknown) =>
            toast({ variant: 'destructive', title: t`Could not block`, description: errorMessage(error, i18n) }),
        )
      }
    />
  );
}

/** Unblocks at once (no confirmation: nothing is lost), with a toast. */
export function useUnblock() {
  const { t, i18n } = useLingui();
  const setBlocked = useSetBlocked();
  const unblock = (user: SafetyTarget) => {
    const username = user.username;
    return setBlocked.mutateAsync({ userId: user.id, blocked: false }).then(
      () => toast({ title: t`@${username} unblocked` }),
      (error: unknown) =>
        toast({ variant: 'destructive', title: t`Could not unblock`, description: errorMessage(error, i18n) }),
    );
  };
  return { unblock, pending: setBlocked.isPending };
}
