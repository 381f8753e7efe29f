import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { shroBoxes, shros, uploads, users } from '../../db/schema/index';
import { boxIsFilledSql } from '../shros/queries';
import { visibleShroSql } from '../shros/visibility-sql';
import { uploadUrl } from '../uploads/service';

const AVATAR_URL_PREFIX = uploadUrl('');
/** SQL's substr counts from 1: where the key starts in a profile image URL. */
const AVATAR_KEY_OFFSET = AVATAR_URL_PREFIX.length + 1;

/**
 * Just what a link preview may show of a Shro and its creator, never box content, and whether a
 * visitor may see it at `now` (`visibleShroSql`).
 */
export async function findShroPreview(db: Db, id: string, now = new Date()) {
  const [row] = await db
    .select({
      visibleToVisitors: sql<boolean>`${visibleShroSql(null, now)}`,
      title: shros.title,
      isPublic: shros.isPublic,
      isShareable: shros.isShareable,
      moderationStatus: shros.moderationStatus,
      participantCount: shros.participantCount,
      expiresAt: shros.expiresAt,
      creatorUsername: users.username,
      creatorFirstName: users.firstName,
      creatorLastName: users.lastName,
      // The creator's own avatar upload, when their picture is one (never any other image).
      creatorAvatarKey: uploads.key,
      // Boxes with anything in them: the preview says how many options there are, never what.
      filledBoxes: sql<number>`(select count(*)::int from ${shroBoxes} where ${shroBoxes.shroId} = ${shros.id} and ${boxIsFilledSql})`,
    })
    .from(shros)
    .innerJoin(users, eq(users.id, shros.creatorId))
    .leftJoin(
      uploads,
      and(
        eq(uploads.key, sql`substr(${users.profileImageUrl}, ${sql.raw(String(AVATAR_KEY_OFFSET))})`),
        sql`${users.profileImageUrl} = ${AVATAR_URL_PREFIX} || ${uploads.key}`,
        eq(uploads.kind, 'avatar'),
        eq(uploads.ownerId, users.id),
      ),
    )
    .where(eq(shros.id, id))
    .limit(1);
  return row;
}
export type ShroPreviewRow = NonNullable<Awaited<ReturnType<typeof findShroPreview>>>;

export async function findProfilePreview(db: Db, username: string) {
  const [row] = await db
    .select({
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      suspendedUntil: users.suspendedUntil,
    })
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
    .limit(1);
  return row;
}
