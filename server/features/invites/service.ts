import { createHash, randomBytes } from 'node:crypto';
import { INVITE_QUERY_PARAM } from '../../../contract/invite-links';
import {
  type CreatedInvite,
  type CreateInviteInput,
  INVITE_ACTIVE_MAX,
  INVITE_DAYS,
  INVITE_MAX_USES,
  INVITE_MESSAGES,
  INVITE_PER_SHRO_MAX,
  type InvitePreview,
  type InviteSummary,
} from '../../../contract/invites';
import { pageHref } from '../../../contract/pages';
import type { Db } from '../../db/client';
import { wording } from '../../i18n/catalogs';
import { badRequest, conflict, notFound } from '../../lib/http-errors';
import { blockedEitherWay } from '../blocks/queries';
import { insertFriendship, lockFriendPair } from '../friends/queries';
import type { LivePublisher } from '../live/bus';
import { insertNotifications } from '../notifications/queries';
import { NOTIFICATION_TEXTS as TEXTS } from '../notifications/texts';
import { findVisibleShro, type ShroDeps } from '../shros/access';
import { isExpired } from '../shros/present';
import {
  claimInvite,
  countWorkingInvites,
  deleteDeadInvites,
  deleteOwnInvite,
  findWorkingInviter,
  type InviteRow,
  insertInvite,
  listWorkingInvites,
  lockInviter,
} from './queries';

/*
 * Invitations (docs/decisions/124-invitations.md): a link someone signs up with becomes the
 * inviter's friend at once. The token is shown once, at creation; only its SHA-256 is kept.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

const hashInviteToken = (token: string) => createHash('sha256').update(token).digest('hex');

const toSummary = (row: InviteRow): InviteSummary => ({
  id: row.id,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  uses: row.uses,
  maxUses: row.maxUses,
  shroId: row.shroId,
});

/**
 * The link Shro an invite is made for: the caller's own, shareable, not expired. Someone else's
 * Shro they can see, or their own private or expired one, is a 400; one they cannot see, a 404.
 */
async function ownOpenLinkShro(deps: Pick<ShroDeps, 'db' | 'cache'>, userId: string, shroId: string, now: Date) {
  const { aggregate, role } = await findVisibleShro(deps, shroId, userId);
  const { shro } = aggregate;
  if (role !== 'creator' || !shro.isShareable || isExpired(shro, now)) throw badRequest(INVITE_MESSAGES.shroNotLink);
  return shro;
}

/**
 * POST /api/invites: a new invite link of the user's, good for INVITE_MAX_USES sign-ups over
 * INVITE_DAYS days (a Shro's invite no longer than its Shro). At most INVITE_ACTIVE_MAX personal
 * ones, and INVITE_PER_SHRO_MAX per Shro, work at once: beyond that, 409. `origin` is the page
 * origin ('' for a relative link).
 */
export async function createInvite(
  deps: Pick<ShroDeps, 'db' | 'cache'>,
  userId: string,
  input: CreateInviteInput,
  origin: string,
  now = new Date(),
): Promise<CreatedInvite> {
  const shro = input.shroId ? await ownOpenLinkShro(deps, userId, input.shroId, now) : null;
  const lifetimeEnd = new Date(now.getTime() + INVITE_DAYS * DAY_MS);
  const expiresAt = shro?.expiresAt && shro.expiresAt < lifetimeEnd ? shro.expiresAt : lifetimeEnd;
  const token = randomBytes(32).toString('base64url');
  const row = await deps.db.transaction(async (tx) => {
    await lockInviter(tx, userId);
    await deleteDeadInvites(tx, userId, now);
    const cap = shro ? INVITE_PER_SHRO_MAX : INVITE_ACTIVE_MAX;
    if ((await countWorkingInvites(tx, userId, shro?.id ?? null, now)) >= cap) throw conflict(INVITE_MESSAGES.tooMany);
    return insertInvite(tx, {
      tokenHash: hashInviteToken(token),
      inviterId: userId,
      shroId: shro?.id ?? null,
      createdAt: now,
      expiresAt,
      maxUses: INVITE_MAX_USES,
    });
  });
  const path = shro
    ? pageHref('session', { id: shro.id, query: { [INVITE_QUERY_PARAM]: token } })
    : pageHref('invite', { token });
  return { ...toSummary(row), token, url: `${origin}${path}` };
}

/** GET /api/invites: the user's invites that still work, newest first. */
export async function listInvites(db: Db, userId: string, now = new Date()): Promise<InviteSummary[]> {
  return (await listWorkingInvites(db, userId, now)).map(toSummary);
}

/**
 * DELETE /api/invites/:token, by the invite's id or its token: it stops working at once. Someone
 * else's or an unknown one is a 404.
 */
export async function revokeInvite(db: Db, userId: string, idOrToken: string): Promise<{ revoked: true }> {
  if (!(await deleteOwnInvite(db, userId, idOrToken, hashInviteToken(idOrToken)))) {
    throw notFound(INVITE_MESSAGES.notFound);
  }
  return { revoked: true };
}

/**
 * GET /api/invites/:token: who invites, for the /invite page. Unknown, revoked, used up, expired,
 * an inviter who is suspended or gone, or a signed-in viewer the inviter and they blocked each
 * other (decision 104): one and the same 404.
 */
export async function previewInvite(
  db: Db,
  token: string,
  viewerId: string | null,
  now = new Date(),
): Promise<InvitePreview> {
  const inviter = await findWorkingInviter(db, hashInviteToken(token), now);
  if (!inviter || (viewerId && (await blockedEitherWay(db, viewerId, inviter.id)))) {
    throw notFound(INVITE_MESSAGES.invalid);
  }
  const { id, username, firstName, lastName, profileImageUrl } = inviter;
  return { inviter: { id, username, firstName, lastName, profileImageUrl } };
}

/**
 * Call in the transaction that creates the account `newUser`: uses the invite once, makes the two
 * friends and tells the inviter. A token that does not work is a 400 that rolls the account back,
 * so nothing is stored. Returns the inviter's id, for `announceInviteAccepted` after the commit.
 */
export async function acceptInvite(
  tx: Db,
  token: string,
  newUser: { id: string; username: string },
  now = new Date(),
): Promise<string> {
  const inviter = await claimInvite(tx, hashInviteToken(token), now);
  if (!inviter || inviter.id === newUser.id) throw badRequest(INVITE_MESSAGES.invalid);
  // The same lock every friend action on the pair takes (server/features/friends/queries.ts).
  await lockFriendPair(tx, newUser.id, inviter.id);
  await insertFriendship(tx, newUser.id, inviter.id);
  await insertNotifications(tx, [
    {
      userId: inviter.id,
      type: 'invite_accepted',
      title: wording(TEXTS.inviteAcceptedTitle),
      message: wording(TEXTS.inviteAccepted, { username: newUser.username }),
      actorId: newUser.id,
    },
  ]);
  return inviter.id;
}

/** After the sign-up committed: the inviter's friend list and notifications refetch. */
export async function announceInviteAccepted(live: LivePublisher, inviterId: string, newUserId: string) {
  await live.publish({ type: 'friend.request.changed', userId: newUserId }, { users: [inviterId] });
  await live.publish({ type: 'notification.created' }, { users: [inviterId] });
}
