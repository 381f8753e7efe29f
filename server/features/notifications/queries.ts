import { and, count, desc, eq, gte, inArray, ne, not, type SQL, sql } from 'drizzle-orm';
import type { NotificationType } from '../../../contract/notifications';
import type { Db } from '../../db/client';
import { notifications, picks, reactions, shroRecipients, shros, users } from '../../db/schema/index';
import { unnest } from '../../db/unnest';
import { type Wording, word } from '../../i18n/catalogs';
import { blockedEitherWaySql, silencedBySql } from '../blocks/queries';
import { type NotificationDraft, screenAndRoute } from '../push/dispatch';

export type { NotificationType };

/** A notification to store: its texts are worded in its owner's language on the way in. */
export type NewNotification = NotificationDraft;

/**
 * Stores notifications; pass the transaction of the action that caused them. Rows their owner
 * muted (the actor or the Shro) or whose actor and owner blocked each other are dropped here, the
 * one place every notification (and so every push) passes (decision 104). Returns the stored rows.
 */
export async function insertNotifications(db: Db, rows: NewNotification[]) {
  // Pushed when the transaction commits, whatever the in-app channel keeps (decisions 116, 117).
  const kept = await screenAndRoute(db, rows);
  if (kept.length === 0) return [];
  // One statement of constant size whatever the number of rows (decision 148). Its columns are
  // NewNotification's; the others take their defaults. RETURNING names every column of the
  // table as drizzle's $inferSelect does: a column added to the table is added here too.
  const { rows: stored } = (await db.execute(sql`
    insert into ${notifications} (user_id, type, title, message, shro_id, actor_id)
    select * from ${unnest([
      [kept.map((r) => r.userId), 'text'],
      [kept.map((r) => r.type), 'text'],
      [kept.map((r) => r.title), 'text'],
      [kept.map((r) => r.message), 'text'],
      [kept.map((r) => r.shroId ?? null), 'text'],
      [kept.map((r) => r.actorId ?? null), 'text'],
    ])}
    returning id, user_id as "userId", type, title, message, shro_id as "shroId", actor_id as "actorId",
      is_read as "isRead", created_at as "createdAt", group_since as "groupSince", group_base as "groupBase"`)) as unknown as {
    rows: (Omit<NotificationRow, 'createdAt' | 'groupSince'> & { createdAt: string; groupSince: string | null })[];
  };
  // Timestamps come back as the database's text (both drivers, as drizzle configures them).
  return stored.map((row) => ({
    ...row,
    createdAt: new Date(row.createdAt),
    groupSince: row.groupSince === null ? null : new Date(row.groupSince),
  }));
}

type NotificationRow = typeof notifications.$inferSelect;

/** What places an event in its group: its creator, Shro, kind and time. */
type GroupOf = Pick<GroupedNotificationEvent, 'userId' | 'shroId' | 'type' | 'at'>;

/** A pick or a reaction told to a Shro's creator: grouped per Shro (decision 120). */
export interface GroupedNotificationEvent {
  /** The creator. */
  userId: string;
  type: 'shro_selected' | 'reaction';
  shroId: string;
  /** Who did it: screened for the creator's mutes and blocks, stored unless `anonymous`. */
  actorId: string;
  /** An anonymous Shro's pick or reaction: stored and pushed without its actor (decision 188). */
  anonymous: boolean;
  title: Wording;
  /** The spec's text for this one event (`@ana opened Box #2 in "…"`). */
  message: Wording;
  /** The text when `others` more people did the same since the group began. */
  groupMessage: (others: number) => Wording;
  at: Date;
}

/**
 * Notifications that group: picks and reactions on one Shro, to its creator (decision 120).
 * The same filter as insertNotifications drops what the creator muted or blocked; then, per
 * creator, Shro and type, the unread group is updated (text, time, unread) or a new one
 * inserted. The number of people is derived, not counted up, so a replayed event cannot count
 * twice: for picks, from the Shro's participant count (decision 153), for reactions from the
 * reactions made since the group began. Each event is pushed as insertNotifications' rows are.
 * Returns the stored rows, new (`created`) or updated. Pass the transaction of the action, after
 * the Shro's participant count took this batch's picks (outbox-effects.ts).
 */
export async function upsertGroupedNotifications(db: Db, events: GroupedNotificationEvent[]) {
  const groupKey = (event: GroupOf) => `${event.userId}\u0000${event.shroId}\u0000${event.type}`;
  // Every event of a group, silenced ones included: they are in the Shro's participant count, so
  // the group's window takes them in (and its count then leaves them out again).
  const everyEvent = new Map<string, { event: GroupedNotificationEvent; since: Date; picks: number }>();
  for (const event of events) {
    const key = groupKey(event);
    const seen = everyEvent.get(key);
    everyEvent.set(key, {
      event,
      since: seen && seen.since < event.at ? seen.since : event.at,
      picks: (seen?.picks ?? 0) + (event.type === 'shro_selected' ? 1 : 0),
    });
  }
  // Pushed when the transaction commits (at most one per Shro per 10 minutes), whatever the in-app channel keeps.
  const deliverable = await screenAndRoute(db, events);
  const latest = new Map<string, (typeof deliverable)[number]>();
  for (const event of deliverable) {
    const key = groupKey(event);
    const seen = latest.get(key);
    latest.set(key, seen && seen.at > event.at ? seen : event);
  }
  // One order for every processor, so two of them never wait on each other's rows crosswise.
  const byKey = <T>(entries: [string, T][]) => entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  // Picks nobody is told about (all silenced) still count on the Shro: an open group's window
  // reaches back to them, so that its count leaves them out even when they were made before the
  // group's first pick and applied after it (decision 153).
  for (const [, { event, since }] of byKey(
    [...everyEvent.entries()].filter(([key, g]) => g.picks > 0 && !latest.has(key)),
  )) {
    await db
      .update(notifications)
      .set({ groupSince: sql`least(${notifications.groupSince}, ${since.toISOString()}::timestamptz)` })
      .where(
        and(
          eq(notifications.userId, event.userId),
          eq(notifications.shroId, event.shroId),
          eq(notifications.type, 'shro_selected'),
          sql`${notifications.groupSince} is not null and ${notifications.isRead} = false`,
        ),
      );
  }
  const groups = byKey([...latest.entries()]).map(([key, event]) => ({ ...everyEvent.get(key)!, event }));
  const stored: (typeof notifications.$inferSelect & { created: boolean })[] = [];
  for (const { event, since, picks } of groups) {
    const isPicks = event.type === 'shro_selected';
    const participantCount = participantCountOf(event.shroId);
    const [row] = await db
      .insert(notifications)
      .values({
        userId: event.userId,
        type: event.type,
        title: event.title,
        message: event.message,
        shroId: event.shroId,
        actorId: event.anonymous ? null : event.actorId,
        groupSince: since,
        // This batch's picks are in the count already.
        groupBase: isPicks ? sql`${participantCount} - ${picks}` : null,
        createdAt: event.at,
      })
      .onConflictDoUpdate({
        target: [notifications.userId, notifications.shroId, notifications.type],
        targetWhere: sql`${notifications.groupSince} is not null and ${notifications.isRead} = false`,
        set: {
          actorId: event.anonymous ? null : event.actorId,
          createdAt: sql`greatest(${notifications.createdAt}, excluded.created_at)`,
          groupSince: sql`least(${notifications.groupSince}, excluded.group_since)`,
          // A group begun before the base was kept: found once from its picks (decision 153).
          ...(isPicks
            ? {
                groupBase: sql`coalesce(${notifications.groupBase}, ${participantCount} - ${picksSinceGroupBegan(event)})`,
              }
            : {}),
        },
      })
      .returning({
        id: notifications.id,
        created: sql<boolean>`(xmax = 0)`,
        // The people in the group as it now stands, counted in the same statement (decision 144).
        people: isPicks
          ? sql<number>`${participantCount} - ${notifications.groupBase} - ${silencedPickersSince(event)}`
          : reactorsSince(event),
      });
    if (!row) continue;
    const people = Number(row.people);
    const message = people > 1 ? word(event.locale, event.groupMessage(people - 1)) : event.message;
    const [updated] = await db
      .update(notifications)
      .set({ title: event.title, message })
      .where(eq(notifications.id, row.id))
      .returning();
    if (updated) stored.push({ ...updated, created: row.created });
  }
  return stored;
}

/**
 * SQL: how many of the group's pickers the creator silenced now (deliverableTo's rule: a block
 * either way, a mute). One look-up per silenced person through the (Shro, user) index, never a
 * walk through the group's picks: a viral Shro's group holds hundreds of thousands (decision 153).
 */
function silencedPickersSince(event: GroupOf): SQL<number> {
  return sql<number>`(select count(*) from (select distinct silenced.id from ${silencedBySql(event.userId)} as silenced(id)) s
    cross join lateral (select 1 from ${picks} where ${picks.shroId} = ${event.shroId}
      and ${picks.userId} = s.id and ${picks.createdAt} >= ${notifications.groupSince} limit 1) picked)`;
}

/** SQL: the Shro's participant count as this transaction sees it (this batch's picks in). */
const participantCountOf = (shroId: string) =>
  sql<number>`(select ${shros.participantCount} from ${shros} where ${shros.id} = ${shroId})`;

/**
 * SQL: every pick of the Shro since the group began (its window as this update moves it), for a
 * group begun before decision 153 kept a base: the base is the count less these, found once.
 */
function picksSinceGroupBegan(event: GroupOf): SQL<number> {
  return sql<number>`(select count(*) from ${picks} where ${picks.shroId} = ${event.shroId}
    and ${picks.createdAt} >= least(${notifications.groupSince}, excluded.group_since))`;
}

/**
 * SQL: people who reacted to the Shro since the group began, but for those the creator silenced
 * (deliverableTo's rule: no block either way, no mute). The silenced are one set read once per
 * statement (decision 150).
 */
function reactorsSince(event: GroupOf): SQL<number> {
  const creator = event.userId;
  return sql<number>`(select count(*) from ${reactions} where ${and(
    eq(reactions.shroId, event.shroId),
    gte(reactions.createdAt, notifications.groupSince),
    ne(reactions.userId, creator),
    sql`${reactions.userId} not in ${silencedBySql(creator)}`,
  )})`;
}

const itemColumns = {
  id: notifications.id,
  userId: notifications.userId,
  title: notifications.title,
  message: notifications.message,
  isRead: notifications.isRead,
  createdAt: notifications.createdAt,
  type: notifications.type,
  shroId: notifications.shroId,
  // What the per-viewer presenter needs (shros/present.ts presentShroState), nothing more.
  shro: {
    creatorId: shros.creatorId,
    isShareable: shros.isShareable,
    isPublic: shros.isPublic,
    status: shros.status,
    selectedBoxId: shros.selectedBoxId,
    selectedAt: shros.selectedAt,
    expiresAt: shros.expiresAt,
    shuffleKey: shros.shuffleKey,
  },
  /** The notification's owner among the Shro's recipients, and their own pick. */
  recipientUserId: shroRecipients.userId,
  ownPickBoxId: picks.boxId,
  ownPickAt: picks.createdAt,
  /** Who caused it, for the notification's menu (mute or block them, decision 105). */
  actor: { id: users.id, username: users.username },
};

/** Notifications with the Shro each is about, and where the notification's owner stands in it. */
const selectItems = (db: Db) =>
  db
    .select(itemColumns)
    .from(notifications)
    .leftJoin(shros, eq(shros.id, notifications.shroId))
    .leftJoin(
      shroRecipients,
      and(eq(shroRecipients.shroId, notifications.shroId), eq(shroRecipients.userId, notifications.userId)),
    )
    .leftJoin(picks, and(eq(picks.shroId, notifications.shroId), eq(picks.userId, notifications.userId)))
    .leftJoin(users, eq(users.id, notifications.actorId));

/**
 * Not caused by someone the user has a block with, either way: stored before the block, such
 * notifications stay in the table (an unblock shows them again) but are neither listed nor
 * counted (decision 104).
 */
const notFromBlocked = (userId: string) => not(blockedEitherWaySql(notifications.actorId, userId));

/** The user's newest notifications with the Shro each one is about, as that user stands in it. */
export async function listNotifications(db: Db, userId: string, limit: number) {
  return selectItems(db)
    .where(and(eq(notifications.userId, userId), notFromBlocked(userId)))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

export type NotificationListRow = Awaited<ReturnType<typeof listNotifications>>[number];

/** Marks one of the user's own notifications read; undefined when it is not theirs or does not exist. */
export async function markNotificationRead(db: Db, userId: string, id: number) {
  const [row] = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  if (!row) return undefined;
  const [item] = await selectItems(db).where(eq(notifications.id, id)).limit(1);
  return item;
}

/** Marks all of the user's unread notifications read; returns how many changed. */
export async function markAllNotificationsRead(db: Db, userId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function countUnreadNotifications(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false), notFromBlocked(userId)));
  return row?.n ?? 0;
}

/**
 * Marks read the user's unread notifications about something they just acted on: a friend
 * request they answered (`actorId`), or a Shro they opened a box of (`shroId`). Pass the
 * transaction of the action. Returns how many changed, so the caller knows whether to tell the
 * user's other tabs.
 */
export async function markNotificationsReadAbout(
  db: Db,
  userId: string,
  about: { types: NotificationType[]; actorId?: string; shroId?: string },
): Promise<number> {
  const conditions = [
    eq(notifications.userId, userId),
    eq(notifications.isRead, false),
    inArray(notifications.type, about.types),
  ];
  if (about.actorId !== undefined) conditions.push(eq(notifications.actorId, about.actorId));
  if (about.shroId !== undefined) conditions.push(eq(notifications.shroId, about.shroId));
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(...conditions))
    .returning({ id: notifications.id });
  return rows.length;
}
