import { Ban, Bell, BellOff, ShieldCheck } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import type { LoadedPopupProps } from '@/components/load-on-intent';
import { MenuContent, MenuItem } from '@/components/ui/menu';
import { useBlocks } from '../api/get-blocks';
import { useMutes } from '../api/get-mutes';
import { BlockDialog, type SafetyTarget, useUnblock } from './block-dialog';
import { useToggleMute } from './use-toggle-mute';

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
  const { toggle } = useToggleMute();
  const { unblock } = useUnblock();
  const [confirming, setConfirming] = useState(false);
  const blocked = user ? (blocks.data?.some((b) => b.id === user.id) ?? false) : false;
  const userMuted = user ? (mutes.data?.userIds.includes(user.id) ?? false) : false;
  const shroMuted = shroId ? (mutes.data?.shroIds.includes(shroId) ?? false) : false;

  return (
    <>
      <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
        <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
        <MenuContent>
          {shroId && (
            <MenuItem onSelect={() => toggle({ kind: 'shro', id: shroId }, !shroMuted)}>
              {shroMuted ? (
                <Bell className="size-4" aria-hidden="true" />
              ) : (
                <BellOff className="size-4" aria-hidden="true" />
              )}
              {/* "Notifications": the page's sound switch is the other kind of mute. */}
              {shroMuted ? 'Unmute notifications for this Shro' : 'Mute notifications for this Shro'}
            </MenuItem>
          )}
          {user && !blocked && (
            <MenuItem onSelect={() => toggle({ kind: 'user', id: user.id, username: user.username }, !userMuted)}>
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
