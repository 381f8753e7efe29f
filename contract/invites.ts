import { z } from 'zod';
import { INVITE_TOKEN_PATTERN } from './invite-links';
import { notFoundWhenInvalid } from './validation';

/*
 * Invitations (issue 13 item 5, docs/decisions/124-invitations.md): a personal link someone
 * signs up with, becoming the inviter's friend at once. A link Shro's creator shares it with
 * their invite attached (docs/decisions/127-shro-carries-invite.md).
 */

/** Sign-ups one invite link allows. */
export const INVITE_MAX_USES = 20;
/** Days an invite link works (a Shro's invite stops earlier when its Shro expires). */
export const INVITE_DAYS = 30;
/** Personal invite links one person may have working at once (used-up and expired ones do not count). */
export const INVITE_ACTIVE_MAX = 20;
/** Working invites one link Shro may carry (one per browser its creator shares from, decision 127). */
export const INVITE_PER_SHRO_MAX = 5;

export const INVITE_MESSAGES = {
  /** One message for every token that cannot be used: unknown, revoked, used up, expired, its inviter gone. */
  invalid: 'This invite link is invalid or has expired.',
  tooMany: `You already have ${INVITE_ACTIVE_MAX} working invite links. Revoke one to make another.`,
  notFound: 'Invite not found',
  shroNotLink: 'Only a link Shro you made, still open, can carry your invite.',
} as const;

/** The `code` of an error answer refusing an invite (docs/decisions/167-server-texts.md). */
export const INVITE_INVALID_CODE = 'invite.invalid';

/** An invite token in a body (POST /api/register): anything malformed is just an invalid invite. */
export const inviteTokenSchema = z
  .string({ error: INVITE_MESSAGES.invalid })
  .regex(INVITE_TOKEN_PATTERN, INVITE_MESSAGES.invalid);

/** `:token` of GET /api/invites/:token: a malformed one answers like an unknown one (404). */
export const inviteTokenParamsSchema = z
  .object({ token: z.string().max(200) })
  .register(notFoundWhenInvalid, { message: INVITE_MESSAGES.invalid });

/** `:token` of DELETE /api/invites/:token: the invite's id (from the list) or its token. */
export const revokeInviteParamsSchema = z
  .object({ token: z.string().max(200) })
  .register(notFoundWhenInvalid, { message: INVITE_MESSAGES.notFound });

/** POST /api/invites: nothing for a personal link, or one of the caller's open link Shros to attach it to. */
export const createInviteInputSchema = z.strictObject({
  shroId: z.string({ error: INVITE_MESSAGES.shroNotLink }).min(1).max(100, INVITE_MESSAGES.shroNotLink).optional(),
});
export type CreateInviteInput = z.input<typeof createInviteInputSchema>;

/** One of the caller's working invites, as their list shows it (never the token: only its hash is kept). */
const inviteSummarySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  uses: z.number().int(),
  maxUses: z.number().int(),
  /** The link Shro the invite was made for; null for a personal link. */
  shroId: z.string().nullable(),
});
export type InviteSummary = z.output<typeof inviteSummarySchema>;
export const inviteListSchema = z.array(inviteSummarySchema);

/** POST /api/invites (201): the new invite with its token and link, shown this once. */
export const createdInviteSchema = inviteSummarySchema.extend({
  token: z.string(),
  /** `/invite/{token}`, or `/session/{id}?invite={token}` for a Shro's; absolute when the server knows its origin. */
  url: z.string(),
});
export type CreatedInvite = z.output<typeof createdInviteSchema>;

/** GET /api/invites/:token: who invites, their public profile only. */
export const invitePreviewSchema = z.object({
  inviter: z.object({
    id: z.string(),
    username: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    profileImageUrl: z.string().nullable(),
  }),
});
export type InvitePreview = z.output<typeof invitePreviewSchema>;

/** DELETE /api/invites/:token. */
export const revokedInviteSchema = z.object({ revoked: z.literal(true) });
