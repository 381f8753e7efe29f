import type { ShroUserRef } from '../../../contract/shro-views';
import type { ReactionEmoji } from '../../../contract/shros';
import type { KeptText } from '../../lib/compression';
import { LruCache } from '../../lib/lru-cache';
import type { EventBus } from '../live/bus';
import type { CreatorExtras } from './present';
import type { BoxWithHash, ShroRow } from './queries';

/** What every viewer's projection of a Shro is computed from; the same for all of them. */
export interface ShroAggregate {
  shro: ShroRow;
  creator: { id: string; username: string; profileImageUrl: string | null };
  boxes: BoxWithHash[];
  /** Private Shros only; empty otherwise. */
  recipients: ShroUserRef[];
  /** The creator's board, loaded on the creator's first read and kept with the rest. */
  creatorExtras?: Promise<CreatorExtras>;
  /** Each viewer's own pick and reaction, loaded on their first read. */
  viewers: Map<string, Promise<ViewerState>>;
  /** Serialised views by viewer (with their compressed forms), each until the time it would change by itself. */
  views: Map<string, { body: KeptText; validUntil: number }>;
}

export interface ViewerState {
  ownPick: { boxId: number; createdAt: Date } | null;
  ownReaction: ReactionEmoji | null;
}

/** Enough for every Shro being watched at once; a Shro's entry is a few KB (the creator's board at most ~50 KB). */
const MAX_SHROS = 2000;
/** Only a safety net: every write invalidates through the bus. */
const TTL_MS = 15_000;
/** Per Shro, the viewers whose own state is kept; a busy public Shro's others load theirs each time. */
export const MAX_VIEWERS_PER_SHRO = 1000;

/**
 * The read-through cache of Shro aggregates (row, creator, boxes, recipients, and lazily the
 * creator's board and each viewer's pick). Every write to a Shro publishes an event whose
 * arrival, on any instance, drops the entry; while the bus cannot promise that (Redis down),
 * the cache is bypassed and every read goes to the database.
 */
export class ShroCache {
  private readonly entries = new LruCache<ShroAggregate | undefined>(MAX_SHROS, TTL_MS);

  constructor(private readonly bus: Pick<EventBus, 'coherent' | 'onInvalidate' | 'onIncoherent' | 'onGap'>) {
    bus.onInvalidate((event) => {
      switch (event.type) {
        case 'shro.box.opened':
        case 'shro.reaction.added':
        case 'shro.deleted':
        case 'shro.row.changed':
          this.entries.invalidate(event.shroId);
          break;
        // Names and avatars of creators, recipients and participants are part of the aggregate.
        case 'user.profile.updated':
          this.entries.clear();
          break;
      }
    });
    bus.onIncoherent(() => this.entries.clear());
    bus.onGap(() => this.entries.clear());
  }

  get enabled(): boolean {
    return this.bus.coherent;
  }

  /** The aggregate through the cache (or straight from `load` while the cache is bypassed). */
  aggregate(shroId: string, load: () => Promise<ShroAggregate | undefined>): Promise<ShroAggregate | undefined> {
    return this.enabled ? this.entries.getOrLoad(shroId, load) : load();
  }

  /** Forgets one Shro on this instance at once (the bus event does it everywhere else). */
  invalidate(shroId: string): void {
    this.entries.invalidate(shroId);
  }

  /** Forgets everything (tests that change rows behind the app's back). */
  clear(): void {
    this.entries.clear();
  }

  stats() {
    return { size: this.entries.size, hits: this.entries.hits, misses: this.entries.misses };
  }
}
