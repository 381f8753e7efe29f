import { Trans, useLingui } from '@lingui/react/macro';
import { Ban, Bell, BellOff, ShieldCheck } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { MenuItem } from '@/components/ui/menu';
import { useBlocks } from '../api/get-blocks';
import { useMutes } from '../api/get-mutes';
import { BlockDialog, type SafetyTarget, useUnblock } from './block-dialog';
import { useToggleMute } from './use-toggle-mute';

export interface SafetyMenuTarget {
  user: SafetyTarget | null;
  shroId?: string;
}

/**
 * The mute and block rows of a menu (decisions 104, 105) and the block confirmation, apart: the
 * rows go inside a menu's content, which closes on a choice, and the dialog outside it, so it
 * stays open once the menu has closed.
 */
export function useSafetyMenuItems({ user, shroId }: SafetyMenuTarget): { items: ReactNode; dialog: ReactNode } {
  const { t } = useLingui();
  const mutes = useMutes();
  const blocks = useBlocks();
  const { toggle } = useToggleMute();
  const { unblock } = useUnblock();
  const [confirming, setConfirming] = useState(false);
  const blocked = user ? (blocks.data?.some((b) => b.id === user.id) ?? false) : false;
  const userMuted = user ? (mutes.data?.userIds.includes(user.id) ?? false) : false;
  const shroMuted = shroId ? (mutes.data?.shroIds.includes(shroId) ?? false) : false;
  const username = user?.username;

  const items = (
    <>
      {shroId && (
        <MenuItem onSelect={() => toggle({ kind: 'shro', id: shroId }, !shroMuted)}>
          {shroMuted ? (
            <Bell className="size-4" aria-hidden="true" />
          ) : (
            <BellOff className="size-4" aria-hidden="true" />
          )}
          {/* "Notifications": the page's sound switch is the other kind of mute. */}
          {shroMuted ? t`Unmute notifications for this Shro` : t`Mute notifications for this Shro`}
        </MenuItem>
      )}
      {user && !blocked && (
        <MenuItem onSelect={() => toggle({ kind: 'user', id: user.id, username: user.username }, !userMuted)}>
          {userMuted ? (
            <Bell className="size-4" aria-hidden="true" />
          ) : (
            <BellOff className="size-4" aria-hidden="true" />
          )}
          {userMuted ? t`Unmute @${username}` : t`Mute @${username}`}
        </MenuItem>
      )}
      {user &&
        (blocked ? (
          <MenuItem onSelect={() => unblock(user)}>
            <ShieldCheck className="size-4" aria-hidden="true" /> <Trans>Unblock @{username}</Trans>
          </MenuItem>
        ) : (
          <MenuItem destructive onSelect={() => setConfirming(true)}>
            <Ban className="size-4" aria-hidden="true" /> <Trans>Block @{username}</Trans>
          </MenuItem>
        ))}
    </>
  );
  const dialog = user ? <BlockDialog user={user} open={confirming} onOpenChange={setConfirming} /> : null;
  return { items, dialog };
}

/**
 * The mute and block rows for a menu that holds other rows too (the chat's one menu): `children`
 * renders the menu around them; the block confirmation comes after it.
 */
export function WithSafetyMenuItems({
  children,
  ...target
}: SafetyMenuTarget & { children: (items: ReactNode) => ReactNode }) {
  const { items, dialog } = useSafetyMenuItems(target);
  return (
    <>
      {children(items)}
      {dialog}
    </>
  );
}
