import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/use-toast';
import { type MuteTarget, useSetMuted } from '../api/mute';

/** Who or what a mute is about, as its toast names it: `@ana`, or a Shro (by title when known). */
export type MuteSubject = { kind: 'user'; id: string; username: string } | { kind: 'shro'; id: string; title?: string };

/** The toast after a mute or an unmute: what it does, in the words decision 105 gives it. */
function mutedToast(subject: MuteSubject, muted: boolean, i18n: I18n) {
  if (subject.kind === 'user') {
    const { username } = subject;
    return muted
      ? {
          title: i18n._(msg`Muted @${username}`),
          description: i18n._(
            msg`You won’t get notifications from them. They won’t know. Unmute them any time in Settings.`,
          ),
        }
      : {
          title: i18n._(msg`Unmuted @${username}`),
          description: i18n._(msg`You’ll get notifications from them again.`),
        };
  }
  const { title } = subject;
  if (!muted) {
    return {
      title: title ? i18n._(msg`Unmuted “${title}”`) : i18n._(msg`Unmuted this Shro`),
      description: i18n._(msg`You’ll get notifications about it again.`),
    };
  }
  return {
    title: title ? i18n._(msg`Muted notifications for “${title}”`) : i18n._(msg`Muted notifications for this Shro`),
    description: i18n._(msg`You won’t get notifications about it. Unmute it any time in Settings.`),
  };
}

/** Mutes or unmutes a user or a Shro, then says so (or what went wrong) in a toast. */
export function useToggleMute() {
  const { i18n } = useLingui();
  const setMuted = useSetMuted();
  const toggle = (subject: MuteSubject, muted: boolean) => {
    const target: MuteTarget = { kind: subject.kind, id: subject.id };
    // The promise, not mutate's callbacks: the menu that asked may be gone when it settles.
    return setMuted.mutateAsync({ target, muted }).then(
      () => toast(mutedToast(subject, muted, i18n)),
      (error: unknown) =>
        toast({
          variant: 'destructive',
          title: i18n._(msg`Could not change the mute`),
          description: errorMessage(error, i18n),
        }),
    );
  };
  return { toggle, pending: setMuted.isPending };
}
