import { and, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { nativePushTokens, pushSubscriptions, pushThrottle, users } from '../../db/schema/index';
import { anyOf } from '../../db/unnest';

interface NewPushSubscription {
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * Stores a subscription; an endpoint already known (the browser subscribed again, or another
 * account signed in on it) now belongs to this user with these keys.
 */
export async function upsertSubscription(db: Db, row: NewPushSubscription, now = new Date()) {
  await db
    .insert(pushSubscriptions)
    .values({ ...row, createdAt: now })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId: row.userId, p256dh: row.p256dh, auth: row.auth, createdAt: now, lastSuccessAt: null },
    });
}

/** Removes the user's subscription with this endpoint; false when there was none. */
export async function deleteSubscription(db: Db, userId: string, endpoint: string): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

export const subscriptionsOf = (db: Db, userId: string) =>
  db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

/** The push service said the subscription is gone (404/410). */
export const forgetSubscription = (db: Db, id: number) =>
  db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));

export const markDelivered = (db: Db, id: number, now: Date) =>
  db.update(pushSubscriptions).set({ lastSuccessAt: now }).where(eq(pushSubscriptions.id, id));

/**
 * Stores a native device token; one already known (the app registered again, or another account
 * signed in on the device) now belongs to this user, the newest to claim it.
 */
export async function upsertNativeToken(
  db: Db,
  row: { userId: string; platform: string; token: string },
  now = new Date(),
) {
  await db
    .insert(nativePushTokens)
    .values({ ...row, createdAt: now })
    .onConflictDoUpdate({
      target: nativePushTokens.token,
      set: { userId: row.userId, platform: row.platform, createdAt: now, lastSuccessAt: null },
    });
}

/** Removes the user's device token; false when they have none such. */
export async function deleteNativeToken(db: Db, userId: string, token: string): Promise<boolean> {
  const rows = await db
    .delete(nativePushTokens)
    .where(and(eq(nativePushTokens.userId, userId), eq(nativePushTokens.token, token)))
    .returning({ id: nativePushTokens.id });
  return rows.length > 0;
}

export const nativeTokensOf = (db: Db, userId: string) =>
  db.select().from(nativePushTokens).where(eq(nativePushTokens.userId, userId));

/** FCM or APNs said the token is no longer registered: it will never work again. */
export const forgetNativeToken = (db: Db, id: number) => db.delete(nativePushTokens).where(eq(nativePushTokens.id, id));

export const markNativeDelivered = (db: Db, id: number, now: Date) =>
  db.update(nativePushTokens).set({ lastSuccessAt: now }).where(eq(nativePushTokens.id, id));

/**
 * SQL for the caller's transaction id when any of `userIds` has a push subscription or a native
 * device token (else null, and nothing needs pushing). The id lets the sender wait for the commit
 * (pg_xact_status).
 */
export const transactionIdIfSubscribedSql = (userIds: string[]) =>
  sql<string | null>`(select pg_current_xact_id()::text
    where exists (select 1 from ${pushSubscriptions} where ${anyOf(pushSubscriptions.userId, userIds, 'text')})
      or exists (select 1 from ${nativePushTokens} where ${anyOf(nativePushTokens.userId, userIds, 'text')}))`;

/** 'committed', 'aborted' or 'in progress' (null once the id is too old to know). */
export async function transactionStatus(db: Db, xid: string): Promise<string | null> {
  const result = await db.execute(sql`select pg_xact_status(${xid}::xid8) as status`);
  const [row] = (result as unknown as { rows: { status: string | null }[] }).rows;
  return row?.status ?? null;
}

export async function timeZoneOf(db: Db, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, userId));
  return row?.timeZone;
}

/**
 * Claims the user's push slot for `tag` (one Shro): true when no push with that tag went to them
 * since `cutoff`. Atomic, so two instances cannot both send.
 */
export async function claimThrottle(db: Db, userId: string, tag: string, now: Date, cutoff: Date): Promise<boolean> {
  const rows = await db
    .insert(pushThrottle)
    .values({ userId, tag, sentAt: now })
    .onConflictDoUpdate({
      target: [pushThrottle.userId, pushThrottle.tag],
      set: { sentAt: now },
      setWhere: lte(pushThrottle.sentAt, cutoff),
    })
    .returning({ userId: pushThrottle.userId });
  return rows.length > 0;
}
