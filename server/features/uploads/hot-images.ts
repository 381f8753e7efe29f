import { LruCache } from '../../lib/lru-cache';
import { checkedKey } from './storage';

/**
 * Hot images kept in memory by an instance whose store is a round trip away (the database, S3):
 * avatars (a few KB, on every list and chat) mostly. Bounded by count and by size per image, so
 * at most about 16 MB (decision 101, next to the memory budget of decision 098). Keys are never
 * reused, so a kept image never goes stale.
 */
const HOT_IMAGES = 128;
const HOT_IMAGE_MAX_BYTES = 128 * 1024;

export interface HotImages {
  /** The kept bytes, or `load`'s (kept when small enough); null when the store has none. */
  read(key: string, load: () => Promise<Buffer | null>): Promise<Buffer | null>;
  /** Drops removed images, before their removal commits: a rolled-back one only costs a reload. */
  forget(keys: string[]): void;
}

export function hotImages(): HotImages {
  const hot = new LruCache<Buffer>(HOT_IMAGES, Number.POSITIVE_INFINITY);
  return {
    async read(key, load) {
      const kept = hot.get(checkedKey(key));
      if (kept) return kept;
      const data = await load();
      if (data && data.length <= HOT_IMAGE_MAX_BYTES) hot.set(key, data);
      return data;
    },
    forget(keys) {
      for (const key of keys) hot.invalidate(checkedKey(key));
    },
  };
}
