import type { z } from 'zod';
import { firstIssueMessage } from '../../contract/validation';
import { badRequest } from './http-errors';

/**
 * Checks the fields a form reader collected (the multipart-or-JSON create and profile forms)
 * against a contract schema; a failure becomes 400 `{message}`. Every other input is declared on
 * its route (docs/decisions/088-route-schemas-and-auth-first.md).
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw badRequest(firstIssueMessage(result.error));
  return result.data;
}
