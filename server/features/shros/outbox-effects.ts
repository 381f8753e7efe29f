import { eq, sql } from 'drizzle-orm';
import type { ReactionEmoji } from '../../../contract/shros';
import type { Db } from '../../db/client';
import { shros } from '../../db/schema/index';
import { wording } from '../../i18n/catalogs';
import { bumpStatsFor } from '../achievements/stats';
import { markNotificationsReadAbout, upsertGroupedNotifications } from '../notifications/queries';
import { NOTIFICATION_TEXTS as TEXTS } from '../notifications/texts';
import type { OwnPick } from './cache';

/*
 * What an outbox row causes once applied (docs/decisions/119-picks-off-the-hot-row.md): the rows'
 * shapes, the creator's notification texts and `applyEffects`, which writes a batch's effects on
 * the processor's transaction. The processor that claims, retries and publishes is outbox.ts.
 */

/** A pick, as its effects need it (the Shro may be deleted before they apply). */
export interface PickEffects {
  userId: string;
  username: string;
  creatorId: string;
  title: string;
  position: number;
  /** The opened box (rows written before it was recorded have none). */
  boxId?: number;
  /** Null when the Shro has no winning box. */
  isCorrect: boolean | null;
  /** Sent to chosen friends (only they had a "sent you a Shro" notification to mark read). */
  isPrivate?: boolean;
  /** The creator is told that someone picked, never who (decision 188). */
  isAnonymous?: boolean;
  /** The zone the picker's streak days count in, as their request knew it (decision 147; rows written before it was carried have none, and it is looked up). */
  timeZone?: string;
  at: string;
}

/** A reaction; `changed` is false when the stored one was the same (only the streak day counts). */
interface ReactionEffects {
  userId: string;
  username: string;
  creatorId: string;
  title: string;
  emoji: ReactionEmoji;
  changed: boolean;
  /** As a pick's. */
  isAnonymous?: boolean;
  /** As a pick's. */
  timeZone?: string;
  at: string;
}

export type Effects =
  | { kind: 'shro.pick'; shroId: string; payload: PickEffects }
  | { kind: 'shro.reaction'; shroId: string; payload: ReactionEffects };

export type Entry = Effects & { id: number; appliedAt: Date | null; failedAt: Date | null };

/**
 * The creator's notification texts (decision 120): the spec's for one event, grouped for more.
 * An anonymous Shro's texts name nobody (decision 188).
 */
const pickNotification = {
  title: wording(TEXTS.boxOpenedTitle),
  one: (p: Pick<PickEffects, 'username' | 'position' | 'title' | 'isAnonymous'>) =>
    p.isAnonymous
      ? wording(TEXTS.boxOpenedAnonymous, { position: p.position, title: p.title })
      : wording(TEXTS.boxOpened, { username: p.username, position: p.position, title: p.title }),
  group: (p: Pick<PickEffects, 'username' | 'title' | 'isAnonymous'>, others: number) =>
    p.isAnonymous
      ? wording(TEXTS.boxesOpenedAnonymous, { title: p.title, count: others + 1 })
      : wording(TEXTS.boxesOpened, { username: p.username, title: p.title, others }),
};
const reactionNotification = {
  title: wording(TEXTS.reactionTitle),
  one: (r: Pick<ReactionEffects, 'username' | 'emoji' | 'title' | 'isAnonymous'>) =>
    r.isAnonymous
      ? wording(TEXTS.reactionAnonymous, { emoji: r.emoji, title: r.title })
      : wording(TEXTS.reaction, { username: r.username, emoji: r.emoji, title: r.title }),
  group: (r: Pick<ReactionEffects, 'username' | 'title' | 'isAnonymous'>, others: number) =>
    r.isAnonymous
      ? wording(TEXTS.reactionsAnonymous, { title: r.title, count: others + 1 })
      : wording(TEXTS.reactions, { username: r.username, title: r.title, others }),
};

/** What one processing transaction applied, to publish once it committed. */
export interface Applied {
  ids: number[];
  states: {
    shroId: string;
    type: 'shro.picked' | 'shro.reaction.added';
    row: { participantCount: number; expiresAt: Date | null };
    /** Picks applied on it here, with each picker's own pick (for this instance's cached copy). */
    picks: { userId: string; pick: OwnPick | null }[];
    /** A pick changed more of its row than the count (a private Shro's first pick). */
    rowChanged: boolean;
  }[];
  notify: string[];
}

type StatsOp = Parameters<typeof bumpStatsFor>[1][number];

const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The effects of a batch, in one order for every processor (the people's rows by id, actors' and
 * creators' alike, then Shro rows by id, then the creators' notifications). Each table is written
 * with one statement for the whole batch (decisions 119, 144). Should two batches still cross,
 * PostgreSQL aborts one, which is retried row by row.
 */
export async function applyEffects(tx: Db, rows: Entry[]): Promise<Applied> {
  const picksPerShro = new Map<string, Extract<Entry, { kind: 'shro.pick' }>[]>();
  const reactedShros = new Set<string>();
  for (const row of rows) {
    if (row.kind === 'shro.pick') picksPerShro.set(row.shroId, [...(picksPerShro.get(row.shroId) ?? []), row]);
    else if (row.payload.changed) reactedShros.add(row.shroId);
  }

  // 1. The people's own rows: the actors' stats, streak days and achievements, each person's in
  // outbox order, and the creators' counters, in one statement per table for everyone (their
  // rows locked in user-id order, so two batches never wait on each other crosswise).
  const notify = new Set<string>();
  const actorOps: StatsOp[] = [];
  const creatorPicks = new Map<string, { n: number; at: Date }>();
  for (const row of rows) {
    const at = new Date(row.payload.at);
    if (row.kind === 'shro.pick') {
      const p = row.payload;
      const guess = p.isCorrect === null ? undefined : p.isCorrect ? 'correct' : 'wrong';
      actorOps.push({
        userId: p.userId,
        deltas: { shrosParticipated: 1, correctGuesses: p.isCorrect ? 1 : 0 },
        options: { guess, activity: true, now: at, timeZone: p.timeZone },
      });
      const seen = creatorPicks.get(p.creatorId);
      creatorPicks.set(p.creatorId, { n: (seen?.n ?? 0) + 1, at: seen && seen.at > at ? seen.at : at });
    } else {
      const r = row.payload;
      actorOps.push({ userId: r.userId, deltas: {}, options: { activity: true, now: at, timeZone: r.timeZone } });
    }
  }
  const creatorOps: StatsOp[] = [...creatorPicks.entries()].map(([creatorId, { n, at }]) => ({
    userId: creatorId,
    deltas: { totalParticipants: n },
    options: { now: at },
  }));
  for (const userId of await bumpStatsFor(tx, [...actorOps, ...creatorOps])) notify.add(userId);

  // 2. The Shros' participant counts (the batch's picks in one statement per Shro). A Shro
  // deleted meanwhile is missing: its people keep their stats, nobody gets a notification. The
  // key-share lock keeps it from being deleted until this commits.
  const states: Applied['states'] = [];
  const shroIds = [...new Set([...picksPerShro.keys(), ...reactedShros])].sort(byId);
  for (const shroId of shroIds) {
    const picks = picksPerShro.get(shroId) ?? [];
    const [row] =
      picks.length > 0
        ? await tx
            .update(shros)
            .set({ participantCount: sql`${shros.participantCount} + ${picks.length}` })
            .where(eq(shros.id, shroId))
            .returning({ participantCount: shros.participantCount, expiresAt: shros.expiresAt })
        : await tx
            .select({ participantCount: shros.participantCount, expiresAt: shros.expiresAt })
            .from(shros)
            .where(eq(shros.id, shroId))
            .for('key share');
    if (!row) continue;
    states.push({
      shroId,
      type: picks.length > 0 ? 'shro.picked' : 'shro.reaction.added',
      row,
      picks: picks.map(({ payload: p }) => ({
        userId: p.userId,
        pick: p.boxId === undefined ? null : { boxId: p.boxId, createdAt: new Date(p.at) },
      })),
      rowChanged: picks.some((r) => r.payload.isPrivate),
    });
  }
  const existing = new Set(states.map((s) => s.shroId));

  // 3. Notifications: a picker's "sent you a Shro" is answered; the creator's group is updated.
  const events: Parameters<typeof upsertGroupedNotifications>[1] = [];
  for (const row of rows) {
    if (!existing.has(row.shroId)) continue;
    const at = new Date(row.payload.at);
    if (row.kind === 'shro.pick') {
      const p = row.payload;
      // Only a private Shro's recipients were sent one.
      if (p.isPrivate)
        await markNotificationsReadAbout(tx, p.userId, { types: ['shro_received', 'shro_nudge'], shroId: row.shroId });
      notify.add(p.userId).add(p.creatorId);
      events.push({
        userId: p.creatorId,
        type: 'shro_selected',
        shroId: row.shroId,
        actorId: p.userId,
        anonymous: p.isAnonymous === true,
        title: pickNotification.title,
        message: pickNotification.one(p),
        groupMessage: (n) => pickNotification.group(p, n),
        at,
      });
    } else if (row.payload.changed) {
      const r = row.payload;
      notify.add(r.userId).add(r.creatorId);
      events.push({
        userId: r.creatorId,
        type: 'reaction',
        shroId: row.shroId,
        actorId: r.userId,
        anonymous: r.isAnonymous === true,
        title: reactionNotification.title,
        message: reactionNotification.one(r),
        groupMessage: (n) => reactionNotification.group(r, n),
        at,
      });
    } else {
      notify.add(row.payload.userId);
    }
  }
  await upsertGroupedNotifications(tx, events);
  return { ids: rows.map((r) => r.id), states, notify: [...notify] };
}
