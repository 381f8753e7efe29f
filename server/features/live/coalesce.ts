import type { ShroPublicState } from '../../../contract/live';
import type { Envelope } from './bus';

/** At most one event per Shro this often (docs/decisions/100-events-carry-public-state.md). */
export const SHRO_EVENT_WINDOW_MS = 250;

type StateEvent = Extract<Envelope['event'], { type: 'shro.picked' | 'shro.reaction.added' }>;
type StateEnvelope = Envelope & { event: StateEvent };

/** The Shro events that carry its public state, and so can stand for one another. */
export function isStateEnvelope(envelope: Envelope): envelope is StateEnvelope {
  return envelope.event.type === 'shro.picked' || envelope.event.type === 'shro.reaction.added';
}

/**
 * One event standing for both: the newer one's id, the highest count (counts only grow, and
 * two picks may publish in the other order than they committed), and `shro.picked` when
 * either was one (a box opened asks for more than a reaction: the count changed).
 */
function merge(older: StateEnvelope, newer: StateEnvelope): StateEnvelope {
  const state: ShroPublicState = {
    participantCount: Math.max(older.event.participantCount, newer.event.participantCount),
    status: newer.event.status,
    expiresAt: newer.event.expiresAt,
  };
  const type = older.event.type === 'shro.picked' ? 'shro.picked' : newer.event.type;
  return { ...newer, id: newer.id ?? older.id, event: { type, shroId: newer.event.shroId, ...state } };
}

interface Window {
  timer: NodeJS.Timeout;
  pending: StateEnvelope | null;
}

/**
 * Coalesces each Shro's state events on this instance: the first goes out at once, then at most
 * one more per window, at its end, standing for all that came during it. With Redis every
 * instance coalesces what it delivers to its own watchers; the events themselves stay whole on
 * the bus (caches on every instance still see each one).
 */
export class ShroEventCoalescer {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly send: (envelope: Envelope) => void,
    private readonly windowMs = SHRO_EVENT_WINDOW_MS,
  ) {}

  offer(envelope: StateEnvelope): void {
    const open = this.windows.get(envelope.event.shroId);
    if (open) {
      open.pending = open.pending ? merge(open.pending, envelope) : envelope;
      return;
    }
    this.sendNow(envelope);
  }

  /** The Shro is gone: what was held back for it is dropped (its `shro.deleted` follows). */
  forget(shroId: string): void {
    const open = this.windows.get(shroId);
    if (!open) return;
    clearTimeout(open.timer);
    this.windows.delete(shroId);
  }

  close(): void {
    for (const open of this.windows.values()) clearTimeout(open.timer);
    this.windows.clear();
  }

  private sendNow(envelope: StateEnvelope): void {
    const shroId = envelope.event.shroId;
    const timer = setTimeout(() => {
      const pending = this.windows.get(shroId)?.pending;
      this.windows.delete(shroId);
      if (pending) this.sendNow(pending);
    }, this.windowMs);
    timer.unref();
    this.windows.set(shroId, { timer, pending: null });
    this.send(envelope);
  }
}
