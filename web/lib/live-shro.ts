import type { ShroPublicState } from '@contract/live';
import type { Shro } from '@contract/shro-views';

/**
 * What a tab holding `view` does with a Shro's state event (docs/decisions/100-events-carry-public-state.md):
 * the creator refetches (their board shows who picked, per-box and per-emoji counts); anyone else's
 * view changes only by the public state, applied in place with no request. A tab with no copy yet,
 * or one whose read is in flight (its answer may predate the event), refetches.
 */
export function shroEventAction(view: Shro | undefined, fetching: boolean): 'refetch' | 'apply' {
  if (!view || fetching || view.viewerRole === 'creator') return 'refetch';
  return 'apply';
}

/**
 * `view` with the event's public state. The count only grows (two picks may publish in the other
 * order than they committed), and a status only ever moves to expired here: everything else of
 * a viewer's status follows their own pick, which this event does not tell.
 */
export function withPublicState(view: Shro, event: ShroPublicState): Shro {
  const participantCount = Math.max(view.participantCount, event.participantCount);
  const status = event.status === 'expired' ? 'expired' : view.status;
  if (participantCount === view.participantCount && status === view.status && event.expiresAt === view.expiresAt) {
    return view;
  }
  return { ...view, participantCount, status, expiresAt: event.expiresAt };
}
