import type { Db } from '../../db/client';
import { findUsersByIds } from '../friends/queries';

/** Every id the app gives a person is a UUID (server/features/auth/service.ts). */
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const WHOLE_UUID = new RegExp(`^${UUID.source}$`, 'i');

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** `senderId` → `senderUsername`, `recipientIds` → `recipientUsernames`, `id`/`userId` → `username`. */
function usernameKey(key: string): string {
  if (key === 'id' || key === 'userId') return 'username';
  if (key.endsWith('Ids')) return `${key.slice(0, -3)}Usernames`;
  if (key.endsWith('Id')) return `${key.slice(0, -2)}Username`;
  return key;
}

/**
 * The export's promise that other people appear by username only (decision 114): every other
 * person's id anywhere in a value becomes their username, its field renamed to say so (a field
 * already holding that username, as `{userId, username}`, just loses the id). The user's own ids
 * stay. Ids are looked up as they are met, each once per export.
 */
export function othersByUsername(db: Db, ownId: string) {
  // id → username; null: the user's own id, or an id that is no person's (a Shro, a box).
  const names = new Map<string, string | null>([[ownId.toLowerCase(), null]]);

  async function learn(value: unknown): Promise<void> {
    const unknown = new Set<string>();
    const visit = (v: unknown) => {
      if (typeof v === 'string') {
        for (const match of v.matchAll(UUID)) {
          const id = match[0].toLowerCase();
          if (!names.has(id)) unknown.add(id);
        }
      } else if (Array.isArray(v)) v.forEach(visit);
      else if (v && typeof v === 'object') Object.values(v).forEach(visit);
    };
    visit(value);
    if (unknown.size === 0) return;
    const found = await findUsersByIds(db, [...unknown]);
    for (const id of unknown) names.set(id, null);
    for (const user of found) names.set(user.id.toLowerCase(), user.username);
  }

  const nameOf = (id: string) => names.get(id.toLowerCase()) ?? null;

  function rewrite(value: Json): Json {
    if (typeof value === 'string') {
      const whole = WHOLE_UUID.test(value) ? nameOf(value) : null;
      return whole ?? value.replace(UUID, (id) => nameOf(id) ?? id);
    }
    if (Array.isArray(value)) return value.map(rewrite);
    // A Date (JSON writes it as its ISO text) holds no id.
    if (value === null || typeof value !== 'object' || (value as unknown) instanceof Date) return value;
    const out: Record<string, Json> = {};
    for (const [key, field] of Object.entries(value)) {
      const personId = typeof field === 'string' && WHOLE_UUID.test(field) && nameOf(field) !== null;
      const personIds =
        Array.isArray(field) && field.length > 0 && field.every((f) => typeof f === 'string' && nameOf(f) !== null);
      const renamed = personId || personIds ? usernameKey(key) : key;
      // `{userId, username}`: the username is there already; the id just goes.
      if (renamed !== key && renamed in value) continue;
      out[renamed] = rewrite(field);
    }
    return out;
  }

  /** `value` with every other person's id replaced by their username. */
  return async (value: unknown): Promise<unknown> => {
    await learn(value);
    return rewrite(value as Json);
  };
}
