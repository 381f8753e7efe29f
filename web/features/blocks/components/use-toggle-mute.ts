import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/use-toast';
import { type MuteTarget, useSetMuted } from '../api/mute';

/** Who or what a mute is about, as its toast names it: `@ana`, or a Shro (by title when known). */
export type MuteSubject = { kind: 'user'; id: string; username: string } | { kind: 'shro'; id: string; title?: string };

/** The toast after a mute or an unmute: what it does, in the words decision 105 gives it. */
function mutedToast(subject: MuteSubject, muted: boolean) {
  if (subject.kind === 'user') {
    return muted
      ? {
          title: `Muted @${subject.username}`,
          description: 'You won’t get notifications from them. They won’t know. Unmute them any time in Settings.',
        }
      : { title: `Unmuted @${subject.username}`, description: 'You’ll get notifications from them again.' };
  }
  const named = subject.title ? `“${subject.title}”` : 'this Shro';
  return muted
    ? {
        title: `Muted notifications for ${named}`,
        description: 'You won’t get notifications about it. Unmute it any time in Settings.',
      }
    : { title: `Unmuted ${named}`, description: 'You’ll get notifications about it again.' };
}

/** Mutes or unmutes a user or a Shro, then says so (or what went wrong) in a toast. */
export function useToggleMute() {
  const setMuted = useSetMuted();
  const toggle = (subject: MuteSubject, muted: boolean) => {
    const target: MuteTarget = { kind: subject.kind, id: subject.id };
    // The promise, not mutate's callbacks: the menu that asked may be gone when it settles.
    return setMuted.mutateAsync({ target, muted }).then(
      () => toast(mutedToast(subject, muted)),
      (error: unknown) =>
        toast({ variant: 'destructive', title: 'Could not change the mute', description: errorMessage(error) }),
    );
  };
  return { toggle, pending: setMuted.isPending };
}
