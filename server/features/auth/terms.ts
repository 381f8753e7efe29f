import { USER_NOT_FOUND_MESSAGE } from '../../../contract/profiles';
import { TERMS_OUTDATED_MESSAGE, TERMS_VERSION } from '../../../contract/terms';
import { badRequest, notFound } from '../../lib/http-errors';
import type { LiveDeps } from '../live/bus';
import { type UserRow, updateTermsAcceptance } from './queries';

/** What registration stores: the current terms, accepted now. */
export const acceptedNow = (now = new Date()) => ({ termsAcceptedAt: now, termsVersion: TERMS_VERSION });

/** True until the user accepted the terms in force (accounts older than the terms, or an older version). */
export const mustAcceptTerms = (user: Pick<UserRow, 'termsAcceptedAt' | 'termsVersion'>) =>
  user.termsAcceptedAt === null || user.termsVersion !== TERMS_VERSION;

/**
 * Records that the user accepted the terms they were shown; `version` must be the one in force, so
 * a page loaded before the terms changed cannot accept text its user never saw.
 */
export async function acceptTerms({ db, live }: LiveDeps, userId: string, version: string): Promise<UserRow> {
  if (version !== TERMS_VERSION) throw badRequest(TERMS_OUTDATED_MESSAGE);
  const row = await updateTermsAcceptance(db, userId, acceptedNow());
  if (!row) throw notFound(USER_NOT_FOUND_MESSAGE);
  // Every instance caches the signed-in user with its terms state; nothing others see changed, so
  // this event reloads only that user's cached auth sessions (not every cached Shro).
  await live.publish({ type: 'user.account.updated', userId }, { servers: true });
  return row;
}
