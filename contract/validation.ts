import { z } from 'zod';

/** The first issue of a failed parse as one sentence, for `{message}` bodies and form alerts. */
export function firstIssueMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid input';
  return issue.message;
}

/**
 * A yes/no form field: multipart sends text ("true", "on", "1"…), JSON sends a boolean. Missing
 * or empty means false.
 */
export const formBoolean = (field: string) =>
  z.preprocess(
    (value) => {
      if (value === undefined || value === null || value === '') return false;
      if (typeof value !== 'string') return value;
      const lower = value.trim().toLowerCase();
      if (['true', '1', 'on', 'yes'].includes(lower)) return true;
      if (['false', '0', 'off', 'no'].includes(lower)) return false;
      return value;
    },
    z.boolean({ error: `${field} must be true or false` }),
  );
