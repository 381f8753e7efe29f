import { PRODUCT_NAME } from '@contract/product';
import { Trans, useLingui } from '@lingui/react/macro';
import { UserMinus } from 'lucide-react';
import { useState } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { useRemoveFriend } from '../api/remove-friend';

/**
 * Unfriend, asked first: one tap only opens a confirmation (focus starts on Cancel), so a
 * friendship is never ended by a stray tap. `onDone` reports the outcome for the caller's toast.
 */
export function UnfriendButton({
  userId,
  username,
  onDone,
  ...buttonProps
}: {
  userId: string;
  username: string;
  onDone: (action: () => Promise<unknown>) => Promise<void>;
} & Omit<ButtonProps, 'onClick' | 'children'>) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const remove = useRemoveFriend();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      title={t`Unfriend @${username}?`}
      description={t`You will no longer be friends or send each other ${PRODUCT_NAME}s. You can send @${username} a new friend request at any time.`}
      confirmLabel={t`Unfriend`}
      pendingLabel={t`Removing...`}
      pending={remove.isPending}
      onConfirm={async () => {
        await onDone(() => remove.mutateAsync(userId));
        setOpen(false);
      }}
      trigger={
        <Button {...buttonProps}>
          <UserMinus /> <Trans>Unfriend</Trans>
        </Button>
      }
    />
  );
}
