import { CONTENT_FILTER_MESSAGES } from '../../contract/content-filter';
import { badRequest } from './http-errors';
import { isObjectionable, isObjectionableName } from './objectionable';

/**
 * Refuses a username or name that everyone would see when it holds an objectionable word
 * (docs/decisions/112-objectionable-content-filter.md). Only the fields given are checked, so an
 * edit that leaves a name alone is not refused for it.
 */
export function checkPublicNames(names: { username?: string; firstName?: string | null; lastName?: string | null }) {
  if (isObjectionable(names.username)) throw badRequest(CONTENT_FILTER_MESSAGES.username);
  if (isObjectionableName(names.firstName)) throw badRequest(CONTENT_FILTER_MESSAGES.firstName);
  if (isObjectionableName(names.lastName)) throw badRequest(CONTENT_FILTER_MESSAGES.lastName);
}
