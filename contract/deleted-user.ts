/* Kept apart from contract/account.ts (zod schemas): avatars and names on every page use it (decision 094). */

/**
 * A deleted account stays as a tombstone row so other people's chats and results stay readable.
 * Its username is this prefix and random hex: the hyphen is outside the username pattern, so no
 * one can register or rename to it, and the web can tell a deleted account from any real one.
 */
export const DELETED_USERNAME_PREFIX = 'deleted-user-';
/** What the app shows instead of a deleted person's name. */
export const DELETED_USER_LABEL = 'deleted user';

/** True for the username of a deleted account's tombstone. */
export const isDeletedUsername = (username: string | null | undefined): boolean =>
  typeof username === 'string' && username.startsWith(DELETED_USERNAME_PREFIX);
