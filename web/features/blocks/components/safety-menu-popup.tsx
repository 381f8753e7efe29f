import { Ban, Bell, BellOff, ShieldCheck } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import type { LoadedPopupProps } from '@/components/load-on-intent';
import { MenuContent, MenuItem } from '@/components/ui/menu';
import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/use-toast';
import { useBlocks } from '../api/get-blocks';
import { useMutes } from '../api/get-mutes';
import { type MuteTarget, useSetMuted } from '../api/mute';
import { BlockDialog, type SafetyTarget, useUnblock } from './block-dialog';

interface SafetyMenuProps {
  user: SafetyTarget | null;
  shroId?: string;
}

/**
 * The mute and block menu behind `SafetyMenu`'s "…" button (decisions 104, 105), with the block
 * confirmation. Loaded when the user reaches for the button: Radix's menu, popper and dialog code
 * stay out of the pages' first load (decision 094).
 */
export default function SafetyMenuPopup({ user, shroId, trigger, defaultOpen }: SafetyMenuProps & LoadedPopupProps) {
  const mutes = useMutes();
  const blocks = useBlocks();
  const setMuted = useSetMuted();
  const { unblock } = useUnblock();
  const [confirming, setConfirming] = useState(false);
  const blocked = user ? (blocks.data?.some((b) => b.id === user.id) ?? false) : false;
  const userMuted = user ? (mutes.data?.userIds.includes(user.id) ?? false) : false;
  const shroMuted = shroId ? (mutes.data?.shroIds.includes(shroId) ?? false) : false;

  const toggleMute = (target: MuteTarget, muted: boolean, name: string) =>
    setMuted.mutateAsync({ target, muted }).then(
      () =>
        toast({
          title: muted ? `${name} muted` : `${name} unmuted`,
          description: muted ? 'You won’t get notifications from it.' : undefined,
        }),
      (error: unknown) =>
        toast({ variant: 'destructive', title: 'Could not change the mute', description: errorMessage(error) }),
    );

  return (
    <>
      <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
        <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
        <MenuContent>
          {shroId && (
            <MenuItem onSelect={() => toggleMute({ kind: 'shro', id: shroId }, !shroMuted, 'Shro')}>
              {shroMuted ? (
                <Bell className="size-4" aria-hidden="true" />
              ) : (
                <BellOff className="size-4" aria-hidden="true" />
              )}
              {shroMuted ? 'Unmute this Shro' : 'Mute this Shro'}
            </MenuItem>
          )}
          {user && !blocked && (
            <MenuItem onSelect={() => toggleMute({ kind: 'user', id: user.id }, !userMuted, `@${user.username}`)}>
              {userMuted ? (
                <Bell className="size-4" aria-hidden="true" />
              ) : (
                <BellOff className="size-4" aria-hidden="true" />
              )}
              {userMuted ? `Unmute @${user.username}` : `Mute @${user.username}`}
            </MenuItem>
          )}
          {user &&
            (blocked ? (
              <MenuItem onSelect={() => unblock(user)}>
                <ShieldCheck className="size-4" aria-hidden="true" /> Unblock @{user.username}
              </MenuItem>
            ) : (
              <MenuItem destructive onSelect={() => setConfirming(true)}>
                <Ban className="size-4" aria-hidden="true" /> Block @{user.username}
              </MenuItem>
            ))}
        </MenuContent>
      </DropdownMenu.Root>
      {user && <BlockDialog user={user} open={confirming} onOpenChange={setConfirming} />}
    </>
  );
}
