import { Trans, useLingui } from '@lingui/react/macro';
import { ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { useBlocks } from '../api/get-blocks';
import { type SafetyTarget, useUnblock } from './block-dialog';
import { SafetyMenu } from './safety-menu';

/**
 * A profile's actions for a signed-in visitor: the friend button and the mute/block menu, or,
 * once they blocked this person, only "Unblock" (no friend request can go to a blocked person).
 */
export function ProfileSafetyActions({ user, friendButton }: { user: SafetyTarget; friendButton: ReactNode }) {
  const { t } = useLingui();
  const blocks = useBlocks();
  const { unblock, pending } = useUnblock();
  const username = user.username;
  const blocked = blocks.data?.some((b) => b.id === user.id) ?? false;
  if (blocked) {
    return (
      <div className="flex flex-col items-center gap-2 sm:items-end">
        <p className="text-sm text-muted">
          <Trans>You blocked @{username}.</Trans>
        </p>
        <Button variant="outline" disabled={pending} onClick={() => unblock(user)}>
          <ShieldCheck /> <Trans>Unblock</Trans>
        </Button>
      </div>
    );
  }
  return (
    <div className="flex items-center gap-2">
      {friendButton}
      <SafetyMenu user={user} label={t`More options for @${username}`} />
    </div>
  );
}
