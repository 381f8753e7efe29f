import { createHmac } from 'node:crypto';

/**
 * A username as the server keeps it after letting it go (a hold on a released name, the claim of
 * a MODERATOR_USERNAMES name): an HMAC-SHA256 keyed with a secret only the server holds, so a
 * stored value cannot be tested against guessed names (docs/decisions/126-keyed-name-hashes.md).
 * Names are compared in lower case, as the unique index compares them.
 */
export type NameHash = (name: string) => string;

declare module 'fastify' {
  interface FastifyInstance {
    /** Keyed hash of usernames, made from the cookie secret at start (see `keyedNameHash`). */
    nameHash: NameHash;
  }
}

/**
 * The app's name hash, keyed from the cookie-signing secret. The key is derived for this one use
 * (an HMAC of a fixed label), so the cookie secret itself never signs anything else.
 */
export function keyedNameHash(secret: string): NameHash {
  const key = createHmac('sha256', secret).update('shro username hash v1').digest();
  return (name) => createHmac('sha256', key).update(name.trim().toLowerCase()).digest('hex');
}
