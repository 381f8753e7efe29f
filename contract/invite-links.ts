/*
 * What a page link carries of an invite (docs/decisions/124-invitations.md, 127-shro-carries-invite.md).
 * Apart from contract/invites.ts (zod schemas): the Shro page, part of a first visit, reads it
 * (decision 094).
 */

/** The query parameter of a page link (/register, /session/{id}) that carries an invite token. */
export const INVITE_QUERY_PARAM = 'invite';

/** 32 random bytes, base64url (43 characters): what POST /api/invites hands out. */
export const INVITE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** True when `token` has the shape of an invite token (the web drops anything else from a link). */
export const isInviteTokenShape = (token: string | null | undefined): token is string =>
  typeof token === 'string' && INVITE_TOKEN_PATTERN.test(token);
