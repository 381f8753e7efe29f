import { z } from 'zod';

/** The first issue of a failed parse as one sentence, for `{message}` bodies and form alerts. */
export function firstIssueMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid input';
  // Strict objects: name the stray field (with where it sits) whatever message the object carries.
  if (issue.code === 'unrecognized_keys') {
    const names = issue.keys.map((key) => `"${[...issue.path, key].join('.')}"`);
    return `Unknown field${names.length > 1 ? 's' : ''} ${names.join(', ')}.`;
  }
  return issue.message;
}

/**
 * The body of a write that takes none (a delete, a logout, a share): nothing, or an empty JSON
 * object. A field there is refused like any unknown field (issue 10: strict bodies everywhere).
 */
export const noBodySchema = z.strictObject({}, { error: 'This request takes no body.' });

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
