import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { DELETED_USER_LABEL, DELETED_USERNAME_PREFIX } from '../../../contract/deleted-user';
import { pageHref } from '../../../contract/pages';
import type { Db } from '../../db/client';
import {
  analyticsEvents,
  authSessions,
  notifications,
  outbox,
  shros,
  uploads,
  usernameHolds,
  users,
} from '../../db/schema/index';
import type { NameHash } from '../../lib/name-hash';

/**
 * What happens to each reference to a deleted account (docs/decisions/115-account-deletion-tombstone.md).
 * The users row stays as a nameless tombstone, so foreign keys do not cascade: every column that
 * references users.id is looked up in the catalogue, and its rows are deleted unless listed here.
 * A table added later is therefore cleared by default; keeping one is a choice written down here.
 */
const KEPT_REFERENCES: Record<string, 'keep' | 'nullify'> = {
  // Other people's history: their chats, the picks, reactions and recipients of their Shros, the
  // first pick of their private Shro, their notifications about this person, shares counted on
  // their Shros, and the other side's "delete conversation" marker.
  'messages.sender_id': 'keep',
  'messages.recipient_id': 'keep',
  'participations.user_id': 'keep',
  'reactions.user_id': 'keep',
  'shro_recipients.user_id': 'keep',
  'shros.selected_by_user_id': 'keep',
  'notifications.actor_id': 'keep',
  'shro_shares.user_id': 'keep',
  'chat_clears.other_id': 'keep',
  // Moderation records about content this person posted stay for the moderators.
  'reports.target_owner_id': 'keep',
  // Usage counts stay, without the person.
  'analytics_events.user_id': 'nullify',
  // The 30-day hold keeps the name's hash only; the previous owner goes (schema/username-holds.ts).
  'username_holds.user_id': 'nullify',
};

interface UserReference {
  table: string;
  column: string;
}

/** Every single-column foreign key to users.id, from the catalogue (tables added by anyone included). */
async function listUserReferences(db: Db): Promise<UserReference[]> {
  const result = await db.execute(sql`
    select r.relname as "table", a.attname as "column"
    from pg_constraint c
    join pg_class r on r.oid = c.conrelid
    join pg_namespace n on n.oid = r.relnamespace
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    where c.contype = 'f'
      and c.confrelid = 'users'::regclass
      and array_length(c.conkey, 1) = 1
      and n.nspname = current_schema()
    order by r.relname, a.attname`);
  return (result as unknown as { rows: UserReference[] }).rows;
}

/** Locks the account's row for the deletion; undefined when it is already gone or a tombstone. */
export async function lockLiveAccount(tx: Db, userId: string) {
  const result = await tx.execute(
    sql`select id, username from ${users} where id = ${userId} and username not like ${`${DELETED_USERNAME_PREFIX}%`} for update`,
  );
  return (result as unknown as { rows: { id: string; username: string }[] }).rows[0];
}

/** Deletes the user's own Shros (boxes, picks, reactions and notifications cascade); their ids. */
export async function deleteOwnShros(tx: Db, userId: string): Promise<string[]> {
  const rows = await tx.delete(shros).where(eq(shros.creatorId, userId)).returning({ id: shros.id });
  return rows.map((r) => r.id);
}

/** Deletes every upload row the user owns (box images and profile pictures); their keys, for the store. */
export async function deleteOwnUploads(tx: Db, userId: string): Promise<string[]> {
  const rows = await tx.delete(uploads).where(eq(uploads.ownerId, userId)).returning({ key: uploads.key });
  return rows.map((r) => r.key);
}

/** The internal ids of the user's auth sessions (each instance drops them from its cache). */
export async function listAuthSessionIds(tx: Db, userId: string): Promise<string[]> {
  const rows = await tx.select({ id: authSessions.id }).from(authSessions).where(eq(authSessions.userId, userId));
  return rows.map((r) => r.id);
}

/**
 * Other people's notifications caused by the person: a pending friend request's goes with the
 * request; the rest keep their meaning, with the person's "@name" (the first one of a notification
 * they caused, under any earlier name too, since a translation need not begin with it; or
 * anywhere in a grouped one) replaced by "deleted user".
 */
export async function anonymiseNotificationsAbout(tx: Db, userId: string, username: string): Promise<void> {
  await tx
    .delete(notifications)
    .where(and(eq(notifications.actorId, userId), inArray(notifications.type, ['friend_request'])));
  await tx
    .update(notifications)
    .set({ message: sql`regexp_replace(${notifications.message}, '@[A-Za-z0-9_.]+', ${DELETED_USER_LABEL})` })
    .where(eq(notifications.actorId, userId));
  // The name as a whole word: "@bob" must not touch "@bobby".
  const pattern = `@${username.replace(/[.]/g, '\\.')}(?![A-Za-z0-9_.])`;
  const mentions = sql`${notifications.message} ~* ${pattern} or ${notifications.title} ~* ${pattern}`;
  await tx
    .update(notifications)
    .set({
      message: sql`regexp_replace(${notifications.message}, ${pattern}, ${DELETED_USER_LABEL}, 'gi')`,
      title: sql`regexp_replace(${notifications.title}, ${pattern}, ${DELETED_USER_LABEL}, 'gi')`,
    })
    .where(mentions);
  // Effects of a pick or reaction not applied yet carry the name for the notification they make,
  // and the zone the person's streak days counted in (decision 147), which goes.
  await tx
    .update(outbox)
    .set({
      payload: sql`jsonb_set(${outbox.payload}, '{username}', to_jsonb(${DELETED_USER_LABEL}::text)) - 'timeZone'`,
    })
    .where(sql`${outbox.payload}->>'userId' = ${userId}`);
}

/** What a page view of a deleted person's profile keeps as its path: still counted, naming no one. */
const DELETED_PROFILE_PATH = pageHref('publicProfile', { username: 'deleted-user' });

/** `/@name` (or `/%40name`) as a whole path segment, whatever follows; for a case-insensitive match. */
const profilePathPattern = (name: string) => `^/(@|%40)${name.replace(/[.]/g, '\\.')}(?=[/?#]|$)`;

/**
 * Page views of the person's profile (anyone's, visitors' too) name them in their path: under the
 * current name and under every earlier one still held for them (decision 111; only keyed hashes
 * are kept, so the earlier names are found by hashing the profile names seen in paths). The rest
 * of each path stays, the view is still counted.
 */
export async function anonymiseProfilePaths(
  tx: Db,
  nameHash: NameHash,
  userId: string,
  username: string,
): Promise<void> {
  const names = [username];
  const held = await tx
    .select({ hash: usernameHolds.usernameHash })
    .from(usernameHolds)
    .where(eq(usernameHolds.userId, userId));
  if (held.length > 0) {
    const hashes = new Set(held.map((row) => row.hash));
    const seen = await tx.execute(sql`
      select distinct lower(substring(${analyticsEvents.path} from '^/(?:@|%40)([A-Za-z0-9_.]+)')) as name
      from ${analyticsEvents} where ${analyticsEvents.path} ~ '^/(@|%40)'`);
    for (const { name } of (seen as unknown as { rows: { name: string | null }[] }).rows) {
      if (name && hashes.has(nameHash(name))) names.push(name);
    }
  }
  for (const name of names) {
    const pattern = profilePathPattern(name);
    await tx
      .update(analyticsEvents)
      .set({ path: sql`regexp_replace(${analyticsEvents.path}, ${pattern}, ${DELETED_PROFILE_PATH}, 'i')` })
      .where(sql`${analyticsEvents.path} ~* ${pattern}`);
  }
}

/** Applies KEPT_REFERENCES: deletes (or clears) the rows of every other reference to the user. */
export async function removeReferences(tx: Db, userId: string): Promise<void> {
  for (const { table, column } of await listUserReferences(tx)) {
    if (table === 'users') continue;
    const policy = KEPT_REFERENCES[`${table}.${column}`];
    if (policy === 'keep') continue;
    if (policy === 'nullify') {
      await tx.execute(
        sql`update ${sql.identifier(table)} set ${sql.identifier(column)} = null where ${sql.identifier(column)} = ${userId}`,
      );
    } else {
      await tx.execute(sql`delete from ${sql.identifier(table)} where ${sql.identifier(column)} = ${userId}`);
    }
  }
}

/** A random tombstone username (contract/account.ts); no real username can look like it. */
const newTombstoneUsername = () => `${DELETED_USERNAME_PREFIX}${randomBytes(8).toString('hex')}`;

/**
 * Turns the users row into a tombstone: a random name no one can register, an address at the
 * reserved `.invalid` domain, a password hash that no password matches (not a PHC string:
 * verification fails before hashing anything), and every nullable column (names, picture,
 * columns added later) cleared.
 */
export async function tombstoneUser(tx: Db, userId: string): Promise<string> {
  const result = await tx.execute(sql`
    select column_name as "column" from information_schema.columns
    where table_schema = current_schema() and table_name = 'users' and is_nullable = 'YES'
    order by column_name`);
  const nullable = (result as unknown as { rows: { column: string }[] }).rows.map((r) => r.column);
  const username = newTombstoneUsername();
  const cleared = nullable.map((column) => sql`, ${sql.identifier(column)} = null`);
  await tx.execute(sql`
    update ${users} set
      username = ${username},
      email = ${`${username}@deleted.invalid`},
      password_hash = '!deleted',
      time_zone = 'UTC'${sql.join(cleared)}
    where id = ${userId}`);
  return username;
}
