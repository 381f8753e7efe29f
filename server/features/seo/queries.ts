import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { shroBoxes, shros, users } from '../../db/schema/index';

/** Just what a link preview may show of a Shro: never box content. */
export async function findShroPreview(db: Db, id: string) {
  const [row] = await db
    .select({
      title: shros.title,
      isPublic: shros.isPublic,
      isShareable: shros.isShareable,
      creatorUsername: users.username,
      // Boxes with anything in them: the preview says how many options there are, never what.
      filledBoxes: sql<number>`(select count(*)::int from ${shroBoxes} where ${shroBoxes.shroId} = ${shros.id} and (${shroBoxes.label} is not null or ${shroBoxes.textContent} is not null or ${shroBoxes.imageKey} is not null or ${shroBoxes.imageUrl} is not null or ${shroBoxes.tmdbData} is not null))`,
    })
    .from(shros)
    .innerJoin(users, eq(users.id, shros.creatorId))
    .where(eq(shros.id, id))
    .limit(1);
  return row;
}

export async function findProfilePreview(db: Db, username: string) {
  const [row] = await db
    .select({ username: users.username, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
    .limit(1);
  return row;
}
