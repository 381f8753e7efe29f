import type { z } from 'zod';

/** The first issue of a failed parse as one sentence, for `{message}` bodies and form alerts. */
export function firstIssueMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid input';
  return issue.message;
}
