import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, count, eq, isNull, sql, sum } from 'drizzle-orm';
import type { Db } from '../server/db/client';
import {
  authSessions,
  notifications,
  outbox,
  picks,
  shroBoxes,
  shros,
  userStats,
  users,
} from '../server/db/schema/index';
import { acceptedNow } from '../server/features/auth/terms';

/** Benchmark data, inserted straight into the database in batches (never through the API). */

const hex = () => randomBytes(16).toString('hex');
const BATCH = 500;

export interface BenchUser {
  id: string;
  username: string;
  /** The raw auth-session token; the server signs it into the cookie. */
  token: string;
}

/** Users with a live auth session each (no password hashing: nobody logs in). */
export async function insertUsers(db: Db, count: number, prefix: string): Promise<BenchUser[]> {
  const out: BenchUser[] = [];
  for (let start = 0; start < count; start += BATCH) {
    const batch: BenchUser[] = [];
    for (let i = start; i < Math.min(count, start + BATCH); i++) {
      batch.push({ id: randomUUID(), username: `${prefix}${i}`, token: randomBytes(32).toString('base64url') });
    }
    await db.insert(users).values(
      // Returning users: they accepted the current terms (no terms dialog on their first page).
      batch.map((u) => ({
        id: u.id,
        username: u.username,
        email: `${u.username}@bench.test`,
        passwordHash: 'x',
        ...acceptedNow(),
      })),
    );
    await db.insert(authSessions).values(
      batch.map((u) => ({
        id: createHash('sha256').update(u.token).digest('hex'),
        userId: u.id,
        expiresAt: new Date(Date.now() + 30 * 24 * 3600_000),
      })),
    );
    out.push(...batch);
  }
  return out;
}

type ShroKind = { isShareable: boolean; isPublic: boolean };

function boxRows(shroId: string) {
  return [1, 2, 3, 4].map((position) => ({
    shroId,
    position,
    label: `Option ${'ABCD'[position - 1]}`,
    textContent: `Choice number ${position} with a little text`,
    salt: hex(),
    commitment: hex() + hex(),
  }));
}

/** `count` text Shros with four boxes each, spread over the creators; their ids and box ids. */
export async function insertShros(
  db: Db,
  count: number,
  creators: BenchUser[],
): Promise<{ id: string; boxIds: number[] }[]> {
  const out: { id: string; boxIds: number[] }[] = [];
  for (let start = 0; start < count; start += BATCH) {
    const rows = [];
    for (let i = start; i < Math.min(count, start + BATCH); i++) {
      rows.push({
        id: randomUUID(),
        title: `Bench Shro ${i}`,
        type: 'text' as const,
        creatorId: creators[i % creators.length]!.id,
        isShareable: i % 3 === 0,
        isPublic: i % 3 === 1,
        hashtags: 'bench,food',
        winningBoxPosition: (i % 4) + 1,
        winningSalt: hex(),
        winningCommitment: hex() + hex(),
        createdAt: new Date(Date.now() - i * 1000),
      });
    }
    await db.insert(shros).values(rows);
    const boxes = await db
      .insert(shroBoxes)
      .values(rows.flatMap((row) => boxRows(row.id)))
      .returning({ id: shroBoxes.id, shroId: shroBoxes.shroId, position: shroBoxes.position });
    const byShro = new Map<string, number[]>(rows.map((row) => [row.id, []]));
    for (const box of boxes.sort((a, b) => a.position - b.position)) byShro.get(box.shroId)!.push(box.id);
    for (const row of rows) out.push({ id: row.id, boxIds: byShro.get(row.id)! });
  }
  return out;
}

/**
 * `count` picks spread over the Shros: each reader opens one box of `perReader`
 * consecutive Shros (so no one opens the same Shro twice), and the Shros' counters are set to match.
 */
export async function insertPicks(
  db: Db,
  count: number,
  seeded: { id: string; boxIds: number[] }[],
  readers: BenchUser[],
): Promise<void> {
  if (count === 0 || seeded.length === 0) return;
  const perReader = Math.ceil(count / readers.length);
  if (perReader > seeded.length) throw new Error('more picks per reader than Shros');
  let rows: (typeof picks.$inferInsert)[] = [];
  for (let i = 0; i < count; i++) {
    const reader = Math.floor(i / perReader);
    const shro = seeded[(reader * perReader + (i % perReader)) % seeded.length]!;
    rows.push({
      shroId: shro.id,
      userId: readers[reader]!.id,
      boxId: shro.boxIds[i % 4]!,
      isCorrect: i % 4 === 0,
      createdAt: new Date(Date.now() - i * 1000),
    });
    if (rows.length === BATCH || i === count - 1) {
      await db.insert(picks).values(rows);
      rows = [];
    }
  }
  await db.execute(
    sql`update shros set participant_count = (select count(*) from participations p where p.shro_id = shros.id) where participant_count = 0`,
  );
}

/** One Shro with four boxes; `participants` have each opened a box already. */
export async function insertShroWithParticipants(
  db: Db,
  creator: BenchUser,
  kind: ShroKind,
  participants: BenchUser[],
): Promise<{ id: string; boxIds: number[] }> {
  const id = randomUUID();
  await db.insert(shros).values({
    id,
    title: 'Where do we eat tonight?',
    type: 'text',
    creatorId: creator.id,
    ...kind,
    hashtags: 'bench',
    winningBoxPosition: 2,
    winningSalt: hex(),
    winningCommitment: hex() + hex(),
    participantCount: participants.length,
  });
  const boxes = await db.insert(shroBoxes).values(boxRows(id)).returning({ id: shroBoxes.id });
  const boxIds = boxes.map((b) => b.id);
  if (participants.length > 0) {
    await db.insert(picks).values(
      participants.map((p, i) => ({
        shroId: id,
        userId: p.id,
        boxId: boxIds[i % 4]!,
        isCorrect: i % 4 === 1,
        createdAt: new Date(Date.now() - i * 60_000),
      })),
    );
  }
  return { id, boxIds };
}

export async function countPicks(db: Db, shroId: string): Promise<number> {
  return (await db.select({ id: picks.id }).from(picks).where(eq(picks.shroId, shroId))).length;
}

/** What the picks on one Shro left (issue 12 item 5): each counter next to the picks. */
export interface PickCounters {
  picks: number;
  /** The Shro's stored `participant_count`. */
  participantCount: number;
  /** The creator's `totalParticipants` (a creator with no other Shro). */
  creatorTotal: number;
  /** The pickers' `shrosParticipated`, summed (each picked only here). */
  pickerTotal: number;
  /** The creator's `shro_selected` notifications about it (grouped: one). */
  notifications: number;
  notificationText: string | null;
  /**
   * Outbox rows whose effects are not applied (every answer came after its own effects: none).
   * Applied rows are deleted just after their events went out (decision 128), so a row or two
   * may still be there, applied, when the last answer arrives: those are not counted.
   */
  outbox: number;
}

export async function pickCounters(db: Db, shroId: string): Promise<PickCounters> {
  const [shro] = await db
    .select({ participantCount: shros.participantCount, creatorId: shros.creatorId })
    .from(shros)
    .where(eq(shros.id, shroId));
  const [creator] = await db
    .select({ total: userStats.totalParticipants })
    .from(userStats)
    .where(eq(userStats.userId, shro!.creatorId));
  const [pickers] = await db
    .select({ total: sum(userStats.shrosParticipated) })
    .from(userStats)
    .innerJoin(picks, and(eq(picks.userId, userStats.userId), eq(picks.shroId, shroId)));
  const notes = await db
    .select({ message: notifications.message })
    .from(notifications)
    .where(and(eq(notifications.shroId, shroId), eq(notifications.type, 'shro_selected')));
  const [pending] = await db.select({ n: count() }).from(outbox).where(isNull(outbox.appliedAt));
  return {
    picks: await countPicks(db, shroId),
    participantCount: shro!.participantCount,
    creatorTotal: creator?.total ?? 0,
    pickerTotal: Number(pickers?.total ?? 0),
    notifications: notes.length,
    notificationText: notes[0]?.message ?? null,
    outbox: pending!.n,
  };
}

/** Titles a preview image (decision 125) is rendered for: short, with emoji, long enough to be cut. */
export const PREVIEW_TITLES = [
  'Where do we eat tonight? 🍕🍣',
  'Movie night',
  'Pick my next holiday ✈️🏝️ — somewhere warm, cheap and with good food, please help me decide quickly',
  'Which jacket?',
  'Board game for Saturday 🎲',
];

/** Link Shros with PREVIEW_TITLES, some expiring, some opened: each preview image a cold render once. */
export async function insertPreviewShros(db: Db, creator: BenchUser): Promise<string[]> {
  const rows = PREVIEW_TITLES.map((title, i) => ({
    id: randomUUID(),
    title,
    type: 'text' as const,
    creatorId: creator.id,
    isShareable: true,
    expiresAt: i % 2 === 0 ? new Date(Date.now() + (i + 2) * 3_600_000) : null,
    participantCount: i * 7,
  }));
  await db.insert(shros).values(rows);
  await db.insert(shroBoxes).values(rows.flatMap((row) => boxRows(row.id)));
  return rows.map((row) => row.id);
}
