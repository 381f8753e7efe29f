import type { World } from '../support/world';

/**
 * The callers of the authorization matrix (tests/security/authorization-rows.ts). Every row states
 * what each of them gets, so a new route cannot pass the matrix until it says what a blocked
 * person and a moderator get too.
 *
 * - `visitor`: not signed in;
 * - `stranger`: signed in, related to nothing in the row;
 * - `blocked`: blocked by the owner, after having been the owner's friend, a recipient of the
 *   owner's private Shros (box 1 of the image one opened) and having sent the owner a message.
 *   Decision 104: their attempts get what a stranger gets, and the owner's Shros, public and link
 *   ones included, do not exist for them (404);
 * - `moderator`: a moderator related to nothing in the row. Outside `/api/moderation/*` they get
 *   exactly what a stranger gets (decision 106);
 * - `friend`: the owner's friend, the recipient of the owner's private Shros, the other side of a
 *   conversation or friendship;
 * - `owner`: owns the thing the row is about (the Shro's creator, the notification's user, …).
 *
 * This is also the order of the calls in a row: the callers who are refused go first, the owner
 * last, so nothing a refused caller does can change what the allowed ones then see.
 *
 * A separate module from the rows, so the row files can use these helpers while the list of
 * rows imports them.
 */
export const ROLES = ['visitor', 'stranger', 'blocked', 'moderator', 'friend', 'owner'] as const;
export type Role = (typeof ROLES)[number];

/** What each role must get from a row's call (several statuses = any of them). */
export type Expectation = Record<Role, number | number[]>;

/** Everyone signed in gets `status`; a visitor 401. */
export const signedIn = (status: number): Expectation => ({
  visitor: 401,
  stranger: status,
  blocked: status,
  moderator: status,
  friend: status,
  owner: status,
});

/** Everyone, signed in or not, gets `status`. */
export const everyone = (status: number): Expectation => ({
  visitor: status,
  stranger: status,
  blocked: status,
  moderator: status,
  friend: status,
  owner: status,
});

/** The world's user playing `role` (null for the visitor). */
export const memberOf = (world: World, role: Role) => (role === 'visitor' ? null : world[role]);
