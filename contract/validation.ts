import { z } from 'zod';

/** What a message needs of a zod issue; the server rebuilds it from Fastify's validation errors. */
interface IssueSummary {
  code: string;
  message: string;
  path: readonly PropertyKey[];
  /** The stray fields of an `unrecognized_keys` issue. */
  keys?: readonly string[];
}

/** The first issue of a failed parse as one sentence, for `{message}` bodies and form alerts. */
export function firstIssueMessage(error: { issues: readonly IssueSummary[] }): string {
  return issueMessage(error.issues[0]);
}

/** The stray fields of a strict object's issue, each quoted with where it sits (`"a.b"`); else null. */
export function strayFieldNames(issue: IssueSummary): string[] | null {
  if (issue.code !== 'unrecognized_keys' || !issue.keys) return null;
  return issue.keys.map((key) => `"${[...issue.path, key].map(String).join('.')}"`);
}

/** One issue as a sentence: its own message, or the stray fields' names for a strict object. */
export function issueMessage(issue: IssueSummary | undefined): string {
  if (!issue) return 'Invalid input';
  // Strict objects: name the stray field (with where it sits) whatever message the object carries.
  const names = strayFieldNames(issue);
  if (names) return `Unknown field${names.length > 1 ? 's' : ''} ${names.join(', ')}.`;
  return issue.message;
}

/**
 * Path schemas whose malformed value names nothing (a Shro id, a poster file): the server answers
 * 404 with `message`, as for a well-formed value that matches nothing, instead of 400.
 */
export const notFoundWhenInvalid = z.registry<{ message: string }>();

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
