import type { Redis } from 'ioredis';

/** Live channel slots for visitors (no auth cookie), per client IP. */
export interface VisitorSlots {
  /** Takes a slot for this channel; false when the address already holds the maximum. */
  acquire(ip: string, channelId: string): Promise<boolean>;
  /** Gives the channel's slot back (idempotent). */
  release(ip: string, channelId: string): void;
  /** Stops the refresh timer (shutdown). */
  close(): void;
}

export interface VisitorSlotOptions {
  /** Shared by every instance of a deployment; null on a single instance. */
  redis: Redis | null;
  /** Redis key prefix; one sorted set per address lives under it. */
  keyPrefix: string;
  max: number;
  /** How often this instance tells Redis its channels are still open. */
  refreshMs: number;
  log: { warn(obj: object, msg: string): void };
}

/**
 * Drops lapsed slots (an instance that died without giving its slots back), then takes one if
 * the address has room. Members are channel ids, scores the moment the slot lapses unless refreshed.
 */
const ACQUIRE = `
local now = tonumber(ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[4]), ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return 1`;

/**
 * Counts visitor channels per address on this instance, and across instances through Redis
 * when there is one: a sorted set per address holds every open channel's id, each instance
 * refreshes its own on a timer and removes them as they close, and a slot an instance never
 * gave back (it crashed) lapses after three missed refreshes. When Redis cannot answer, this
 * instance decides from its own channels alone, as the rate limits do.
 */
export function createVisitorSlots({ redis, keyPrefix, max, refreshMs, log }: VisitorSlotOptions): VisitorSlots {
  const local = new Map<string, Set<string>>();
  const lapseMs = refreshMs * 3;
  const keyOf = (ip: string) => `${keyPrefix}:${ip}`;
  const shared = () => redis !== null && redis.status === 'ready';

  const refresh = () => {
    if (!redis || !shared() || local.size === 0) return;
    const lapsesAt = Date.now() + lapseMs;
    const batch = redis.pipeline();
    for (const [ip, channels] of local) {
      // Re-adding (not only updating) also brings back slots taken while Redis was away.
      batch.zadd(keyOf(ip), ...[...channels].flatMap((id) => [lapsesAt, id]));
      batch.pexpire(keyOf(ip), lapseMs);
    }
    batch.exec().catch((error) => log.warn({ err: error }, 'live: visitor slot refresh failed'));
  };
  const timer = setInterval(refresh, refreshMs);
  timer.unref();

  const hasLocalRoom = (ip: string) => (local.get(ip)?.size ?? 0) < max;

  return {
    async acquire(ip, channelId) {
      // 0 (or less) turns the cap off: nothing is counted.
      if (max <= 0) return true;
      let granted: boolean;
      if (redis && shared()) {
        try {
          granted = (await redis.eval(ACQUIRE, 1, keyOf(ip), Date.now(), channelId, max, lapseMs)) === 1;
        } catch {
          granted = hasLocalRoom(ip);
        }
      } else {
        granted = hasLocalRoom(ip);
      }
      if (!granted) return false;
      let channels = local.get(ip);
      if (!channels) {
        channels = new Set();
        local.set(ip, channels);
      }
      channels.add(channelId);
      return true;
    },

    release(ip, channelId) {
      const channels = local.get(ip);
      if (!channels?.delete(channelId)) return;
      if (channels.size === 0) local.delete(ip);
      if (redis && shared()) redis.zrem(keyOf(ip), channelId).catch(() => {});
    },

    close() {
      clearInterval(timer);
    },
  };
}
