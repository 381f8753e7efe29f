import type { CurrentUser, PublicUser } from '../../../contract/auth';
import { isLocale } from '../../../contract/locales';
import { isModerator } from '../moderation/service';
import type { UserRow } from './queries';
import { mustAcceptTerms } from './terms';

/** The user as its owner sees it: everything but the password hash. */
function toCurrentUser(row: UserRow, moderator: boolean): CurrentUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
    createdAt: row.createdAt.toISOString(),
    mustAcceptTerms: mustAcceptTerms(row),
    isModerator: moderator,
    // A language Shro no longer speaks reads as not chosen.
    locale: isLocale(row.locale) ? row.locale : null,
  };
}

/** Presents users as their owner sees them, with whether they moderate under these settings. */
export function currentUserPresenter(deps: Parameters<typeof isModerator>[0]) {
  return async (row: UserRow): Promise<CurrentUser> => toCurrentUser(row, await isModerator(deps, row));
}

/** The user as anyone else sees it: no email, no password data. */
export function toPublicUser(
  row: Pick<UserRow, 'id' | 'username' | 'firstName' | 'lastName' | 'profileImageUrl' | 'createdAt'>,
): PublicUser {
  return {
    id: row.id,
    username: row.username,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
    createdAt: row.createdAt.toISOString(),
  };
}
