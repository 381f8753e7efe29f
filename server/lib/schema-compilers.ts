import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/**
 * Routes declare the contract's zod schemas for params, query and body
 * (docs/decisions/088-route-schemas-and-auth-first.md). Fastify hands a missing body over as
 * null: it is validated as `{}`, so a write that takes no body accepts nothing or `{}` alike.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  return route.httpPart === 'body' ? (data: unknown) => validate(data ?? {}) : validate;
};
