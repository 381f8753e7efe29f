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
  /** While this is in the future the creator is suspended: their public and link Shros are not found (decision 107). */
  creatorSuspendedUntil: Date | null;
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
  ownPick: OwnPick | null;
  ownReaction: ReactionEmoji | null;
}

/** The key of one viewer's serialised view (`views`): the creator's, a signed-in user's, or a visitor's. */
export const viewKey = (role: 'creator' | 'other', viewerId: string | null) =>
  role === 'creator' ? 'creator' : viewerId ? `user:${viewerId}` : 'visitor';

/** A pick as the picker's own state shows it. */
export interface OwnPick {
  boxId: number;
  createdAt: Date;
}

/** Enough for every Shro being watched at once; a Shro's entry is a few KB (the creator's board at most ~50 KB). */
const MAX_SHROS = 2000;
/** Only a safety net: every write invalidates through the bus. */
const TTL_MS = 15_000;
/** Per Shro, the viewers whose own state (and serialised view) is kept: the latest ones. */
const MAX_VIEWERS_PER_SHRO = 1000;

/**
 * Keeps one viewer's entry in a per-Shro map of at most MAX_VIEWERS_PER_SHRO entries, dropping
 * the one set longest ago first: a busy public Shro keeps the viewers of the moment (whoever just
 * picked reads their own view next), not the first thousand. A read does not move an entry (the
 * cached read path stays one lookup); a shared view pushed out is rendered again once.
 */
export function keepForViewer<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  if (map.size >= MAX_VIEWERS_PER_SHRO) {
    const oldest = map.keys().next();
    if (!oldest.done) map.delete(oldest.value);
  }
  map.set(key, value);
}

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
        case 'shro.picked':
          // An entry that already counts these picks was loaded (or updated by this instance's
          // outbox, see `applyPicks`) after they were applied: it holds their pickers' states.
          if (!this.holds(event.shroId, event)) this.entries.invalidate(event.shroId);
          break;
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

  /**
   * A pick this instance just committed on a link or public Shro (a private Shro's first pick
   * changes its row: that one is invalidated instead). The picker's own state is set in the cached
   * aggregate rather than the whole Shro reloaded, and the creator's board is dropped; the count
   * follows when the pick's effects apply (`applyPicks`). An entry still loading is dropped: the
   * next read loads after the pick.
   */
  notePick(shroId: string, userId: string, pick: OwnPick): void {
    const aggregate = this.loaded(shroId);
    if (!aggregate) return;
    this.setOwnPick(aggregate, userId, pick);
    aggregate.creatorExtras = undefined;
    aggregate.views.delete(viewKey('creator', null));
  }

  /**
   * The outbox applied picks on this Shro in a transaction that moved its count to
   * `participantCount` (decision 119). A cached entry counting exactly the picks before these holds
   * every other picker's state already: it is updated in place (the count, these pickers' own
   * picks; serialised views and the creator's board dropped) instead of reloaded. One that counts
   * fewer missed picks applied elsewhere, whose pickers' states it may hold stale: it is dropped;
   * one that counts as many was loaded after this commit and is kept.
   */
  applyPicks(
    shroId: string,
    applied: {
      participantCount: number;
      expiresAt: Date | null;
      added: number;
      pickers: { userId: string; pick: OwnPick | null }[];
    },
  ): void {
    const aggregate = this.loaded(shroId);
    if (!aggregate) return;
    const { shro } = aggregate;
    if (shro.participantCount >= applied.participantCount && shro.expiresAt?.getTime() === applied.expiresAt?.getTime())
      return;
    if (
      shro.participantCount !== applied.participantCount - applied.added ||
      shro.expiresAt?.getTime() !== applied.expiresAt?.getTime()
    ) {
      this.entries.invalidate(shroId);
      return;
    }
    aggregate.shro = { ...shro, participantCount: applied.participantCount };
    for (const { userId, pick } of applied.pickers) {
      if (pick) this.setOwnPick(aggregate, userId, pick);
      else aggregate.viewers.delete(userId);
    }
    aggregate.views.clear();
    aggregate.creatorExtras = undefined;
  }

  /** Whether the cached entry already counts the picks this event announces. */
  private holds(shroId: string, state: { participantCount: number; expiresAt: string | null }): boolean {
    const aggregate = this.entries.get(shroId);
    if (!aggregate) return false;
    const expiresAt = aggregate.shro.expiresAt?.toISOString() ?? null;
    return aggregate.shro.participantCount >= state.participantCount && expiresAt === state.expiresAt;
  }

  /**
   * The aggregate if this instance holds it loaded, else undefined; nothing is loaded or dropped.
   * A use (it keeps the entry from eviction), not yet a hit: `answeredAtHand` counts the read
   * when it is answered from it, so a read that goes on to `aggregate` is counted once, there.
   */
  atHand(shroId: string): ShroAggregate | undefined {
    return this.enabled ? this.entries.get(shroId) : undefined;
  }

  /** A read answered from an aggregate `atHand` gave: a hit, as `aggregate` counts its own. */
  answeredAtHand(): void {
    this.entries.hits++;
  }

  /** The loaded entry, if any; one still loading is dropped (it may have read before the caller's write). */
  private loaded(shroId: string): ShroAggregate | undefined {
    if (!this.enabled) return undefined;
    const aggregate = this.entries.get(shroId);
    if (!aggregate) this.entries.invalidate(shroId);
    return aggregate;
  }

  private setOwnPick(aggregate: ShroAggregate, userId: string, pick: OwnPick): void {
    aggregate.views.delete(viewKey('other', userId));
    keepForViewer(aggregate.viewers, userId, Promise.resolve({ ownPick: pick, ownReaction: null }));
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
