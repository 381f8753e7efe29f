import type { CurrentUser, PublicUser } from '../../../contract/auth';
import type { UserRow } from './queries';
import { mustAcceptTerms } from './terms';

/** The user as its owner sees it: everything but the password hash. */
export function toCurrentUser(row: UserRow): CurrentUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
    createdAt: row.createdAt.toISOString(),
    mustAcceptTerms: mustAcceptTerms(row),
  };
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
