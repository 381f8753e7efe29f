import { z } from 'zod';

/**
 * Every error answer of the API: one sentence for people in the request's language, and a stable
 * code for programs (server/plugins/error-handler.ts, docs/decisions/167-server-texts.md).
 */
const errorMessageSchema = z.object({
  message: z.string(),
  code: z.string().describe('Stable: `group.name` for a known refusal (`shro.notFound`), else the kind (`not_found`)'),
});

/** The error statuses the API document names, with what each means for a caller. */
export const ERROR_DESCRIPTIONS = {
  400: 'The request is not valid; `message` says why',
  401: 'Not signed in, or the auth session has ended',
  403: 'Not allowed: a cross-site write, or an action this user may not take',
  404: 'Not found, or not visible to this caller',
  409: 'Conflicts with the current state (already taken or already done)',
  410: 'Expired: the Shro can no longer be opened or shared',
  413: 'The body or an uploaded image is too large',
  429: 'Too many requests: try again after the seconds in `Retry-After`',
} as const;
export type ErrorStatus = keyof typeof ERROR_DESCRIPTIONS;

/**
 * `{message}` response schemas for the error statuses a route answers besides the ones the API
 * document derives from its hooks (docs/decisions/089-openapi-document.md), e.g.
 * `response: { 200: userSchema, ...errorAnswers(404, 409) }`.
 */
export function errorAnswers<const S extends ErrorStatus>(...statuses: S[]): Record<S, typeof errorMessageSchema> {
  const answers = {} as Record<S, typeof errorMessageSchema>;
  for (const status of statuses) answers[status] = errorMessageSchema.describe(ERROR_DESCRIPTIONS[status]);
  return answers;
}
