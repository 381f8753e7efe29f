import { type AnyColumn, isNull, lte, or, type SQL } from 'drizzle-orm';
import { suspendedLoginMessage } from '../../../contract/moderation';
import { forbidden } from '../../lib/http-errors';

/**
 * A suspension "for good" is stored as this far-future end (docs/decisions/107-user-suspension.md):
 * one column answers "suspended now?" with one comparison, and the API shows it as no end date.
 */
export const SUSPENDED_FOREVER = new Date('9999-12-31T00:00:00.000Z');

type Suspendable = { suspendedUntil: Date | null; suspensionReason: string | null };

/** Whether a `suspended_until` value means suspended at `now`. */
export const isSuspendedUntil = (until: Date | null, now = new Date()) =>
  until !== null && until.getTime() > now.getTime();

/** `isSuspendedUntil` turned round, in SQL: the `suspended_until` column means not suspended at `now`. */
export const notSuspendedSql = (until: AnyColumn, now: Date): SQL => or(isNull(until), lte(until, now))!;

export const isSuspended = (user: Suspendable, now = new Date()) => isSuspendedUntil(user.suspendedUntil, now);

export const isForever = (until: Date | null) => until !== null && until.getTime() >= SUSPENDED_FOREVER.getTime();

/** Sign-in refuses a suspended account with 403, saying why and until when (only after the password matched). */
export function assertNotSuspended(user: Suspendable, now = new Date()): void {
  if (!isSuspended(user, now)) return;
  throw forbidden(
    suspendedLoginMessage(isForever(user.suspendedUntil) ? null : user.suspendedUntil, user.suspensionReason),
  );
}
