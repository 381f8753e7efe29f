import { and, eq, not, or, type SQL, sql } from 'drizzle-orm';
import { shroRecipients, shros, users } from '../../db/schema/index';
import { blockedEitherWaySql } from '../blocks/queries';
import { notSuspendedSql } from '../moderation/suspension';

/**
 * Who may see a Shro, in SQL: the rule `findVisibleShro` (access.ts) applies to one Shro, for the
 * queries that list or count many. Each such query joins the creator as `users` (to show them) and
 * states its own narrowing beside this rule: explore public ones, the history those received.
 */

/** A link or public Shro whose creator is not suspended (decision 107): anyone may see it, visitors too. */
const openToAnyone = (now: Date) =>
  and(or(shros.isShareable, shros.isPublic), notSuspendedSql(users.suspendedUntil, now))!;

/** A private Shro sent to this user: theirs to see while its creator is suspended too (decision 107). */
const sentPrivatelyTo = (userId: string) =>
  and(
    sql`not ${shros.isShareable} and not ${shros.isPublic}`,
    sql`exists (select 1 from ${shroRecipients} where ${shroRecipients.shroId} = ${shros.id} and ${shroRecipients.userId} = ${userId})`,
  )!;

/**
 * SQL true when this viewer (null: a signed-out visitor) may see the Shro: they and its creator have
 * not blocked each other (decision 104; nobody can block themselves, so the creator passes), and
 * they created it, or it is open to anyone, or it was sent to them privately. The block test stands
 * alone in the conjunction so the planner may turn it into an anti-join.
 */
export function visibleShroSql(viewerId: string | null, now: Date): SQL {
  if (viewerId === null) return openToAnyone(now);
  return and(
    not(blockedEitherWaySql(shros.creatorId, viewerId)),
    or(eq(shros.creatorId, viewerId), openToAnyone(now), sentPrivatelyTo(viewerId)),
  )!;
}
