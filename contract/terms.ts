import { z } from 'zod';

/**
 * The version of the Terms of Service in force. Change it whenever the terms change: every account
 * that accepted an older version is asked again at its next visit (docs/decisions/113-terms-acceptance.md).
 */
export const TERMS_VERSION = '2026-11-22';

/** How soon moderators act on a report; the terms promise it. */
export const REPORT_REVIEW_HOURS = 24;

export const TERMS_REQUIRED_MESSAGE = 'Please accept the Terms of Service to create an account.';
export const TERMS_OUTDATED_MESSAGE =
  'The Terms of Service have changed since this page loaded. Please reload and read them again.';

/**
 * `acceptTerms` of POST /api/register: only `true` passes. Missing or false is a refinement, not a
 * type error, so the form's other rules (the passwords matching) are still checked beside it.
 */
export const acceptTermsFieldSchema = z
  .unknown()
  .refine((accepted) => accepted === true, { error: TERMS_REQUIRED_MESSAGE })
  .meta({ description: 'Must be true: the person ticked "I agree to the Terms of Service".' });

/** POST /api/auth/accept-terms: the version the user read (the current one, or the answer is 400). */
export const acceptTermsInputSchema = z.strictObject({
  version: z.string({ error: 'version is required' }).max(50, TERMS_OUTDATED_MESSAGE),
});
export type AcceptTermsInput = z.input<typeof acceptTermsInputSchema>;
