import { Ban, Bell, BellOff, MoreHorizontal, ShieldCheck } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/use-toast';
import { useBlocks } from '../api/get-blocks';
import { useMutes } from '../api/get-mutes';
import { type MuteTarget, useSetMuted } from '../api/mute';
import { BlockDialog, type SafetyTarget, useUnblock } from './block-dialog';

const itemClass =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-xl px-3 text-sm outline-none data-[highlighted]:bg-surface-2';

/**
 * A "…" menu to mute or block a person and, on a Shro, to mute that Shro (decisions 104, 105).
 * `user` null: only the Shro can be muted (e.g. an achievement has no one behind it).
 */
export function SafetyMenu({
  user,
  shroId,
  label,
  className,
}: {
  user: SafetyTarget | null;
  shroId?: string;
  /** The trigger's accessible name. */
  label: string;
  className?: string;
}) {
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
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger asChild>
          <Button variant="ghost" size="icon" className={cn('size-11', className)} aria-label={label}>
            <MoreHorizontal className="!size-5" />
          </Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={6}
            className="z-50 min-w-56 rounded-2xl border border-border bg-surface p-1.5 shadow-2xl data-[state=open]:animate-pop"
          >
            {shroId && (
              <DropdownMenu.Item
                className={itemClass}
                onSelect={() => toggleMute({ kind: 'shro', id: shroId }, !shroMuted, 'Shro')}
              >
                {shroMuted ? (
                  <Bell className="size-4" aria-hidden="true" />
                ) : (
                  <BellOff className="size-4" aria-hidden="true" />
                )}
                {shroMuted ? 'Unmute this Shro' : 'Mute this Shro'}
              </DropdownMenu.Item>
            )}
            {user && !blocked && (
              <DropdownMenu.Item
                className={itemClass}
                onSelect={() => toggleMute({ kind: 'user', id: user.id }, !userMuted, `@${user.username}`)}
              >
                {userMuted ? (
                  <Bell className="size-4" aria-hidden="true" />
                ) : (
                  <BellOff className="size-4" aria-hidden="true" />
                )}
                {userMuted ? `Unmute @${user.username}` : `Mute @${user.username}`}
              </DropdownMenu.Item>
            )}
            {user &&
              (blocked ? (
                <DropdownMenu.Item className={itemClass} onSelect={() => unblock(user)}>
                  <ShieldCheck className="size-4" aria-hidden="true" /> Unblock @{user.username}
                </DropdownMenu.Item>
              ) : (
                <DropdownMenu.Item className={cn(itemClass, 'text-red-300')} onSelect={() => setConfirming(true)}>
                  <Ban className="size-4" aria-hidden="true" /> Block @{user.username}
                </DropdownMenu.Item>
              ))}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {user && <BlockDialog user={user} open={confirming} onOpenChange={setConfirming} />}
    </>
  );
}
