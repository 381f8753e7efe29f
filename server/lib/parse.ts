import type { z } from 'zod';
import { firstIssueMessage } from '../../contract/validation';
import { badRequest } from './http-errors';

/** Parses request input with a shared contract schema; a failure becomes 400 `{message}`. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw badRequest(firstIssueMessage(result.error));
  return result.data;
}
