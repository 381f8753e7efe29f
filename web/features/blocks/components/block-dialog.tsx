import { ConfirmDialog } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/use-toast';
import { useSetBlocked } from '../api/block-user';

export interface SafetyTarget {
  id: string;
  username: string;
}

/** What a block does, in the words the confirmation uses (decision 104). */
const blockConsequences = (username: string) =>
  `@${username} won't be able to send you friend requests, messages or Shros, and you won't see each other's Shros. They won't be told.`;

/** "Block @x?": the confirmation before any block, spelling out what it does. */
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
  const setBlocked = useSetBlocked();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Block @${user.username}?`}
      description={blockConsequences(user.username)}
      confirmLabel="Block"
      pendingLabel="Blocking..."
      pending={setBlocked.isPending}
      // The promise, not mutate's callbacks: the refetch after a block may replace the component
      // that asked, and the toast must come anyway.
      onConfirm={() =>
        setBlocked.mutateAsync({ userId: user.id, blocked: true }).then(
          () => {
            onOpenChange(false);
            toast({ title: `@${user.username} blocked`, description: 'You can unblock them in Settings.' });
            onBlocked?.();
          },
          (error: unknown) =>
            toast({ variant: 'destructive', title: 'Could not block', description: errorMessage(error) }),
        )
      }
    />
  );
}

/** Unblocks at once (no confirmation: nothing is lost), with a toast. */
export function useUnblock() {
  const setBlocked = useSetBlocked();
  const unblock = (user: SafetyTarget) =>
    setBlocked.mutateAsync({ userId: user.id, blocked: false }).then(
      () => toast({ title: `@${user.username} unblocked` }),
      (error: unknown) =>
        toast({ variant: 'destructive', title: 'Could not unblock', description: errorMessage(error) }),
    );
  return { unblock, pending: setBlocked.isPending };
}
