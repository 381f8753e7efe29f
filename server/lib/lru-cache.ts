interface Entry<V> {
  promise: Promise<V>;
  /** Set once the load resolved; lets `invalidateWhere` look at values. */
  value?: V;
  expiresAt: number;
  /** The cache's move count when this entry last moved to the end. */
  movedAt: number;
}

/**
 * The server's one cache class (docs/decisions/092-one-owner-per-concept.md): bounded (least
 * recently used goes first), with a time to live as a safety net (`Infinity` for answers that
 * never change).
 *
 * As a read-through cache of loads it keeps the load's promise from the moment it starts, so
 * concurrent misses of one key share one load, and an invalidation that runs while a load
 * is in flight drops that load too: a read that began before a write committed can never put
 * the old value back after the write's invalidation. As a plain memo, `get` and `set` work on
 * values at hand.
 */
export class LruCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  hits = 0;
  misses = 0;
  /** Moves to the end so far (each store is one). */
  private moves = 0;
  /**
   * A use moves its entry to the end only when this many moves or more happened since its last: an entry among the most recent quarter is far from eviction, and moving it (a Map
   * delete and insert, on every hit of a hot entry) was a measurable part of a cached read.
   * So what goes first is the least recently used but for that quarter (decision 154).
   */
  private readonly stillRecent: number;

  /**
   * `onEvict` hears of each loaded value the bound pushes out (least recently used), for a value
   * that holds something outside this process to let go of (a prepared statement, decision 150).
   */
  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs: number,
    private readonly onEvict?: (value: V, key: string) => void,
  ) {
    this.stillRecent = Math.floor(maxEntries / 4);
  }

  /** The cached (possibly still loading) value, or a new load kept for the next callers. */
  getOrLoad(key: string, load: () => Promise<V>, now = Date.now()): Promise<V> {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt > now) {
      this.hits++;
      this.use(key, entry);
      return entry.promise;
    }
    this.misses++;
    const promise = load();
    const fresh: Entry<V> = { promise, expiresAt: now + this.ttlMs, movedAt: 0 };
    this.store(key, fresh);
    promise.then(
      (value) => {
        fresh.value = value;
      },
      // A failed load is not kept: the next caller tries again.
      () => {
        if (this.entries.get(key) === fresh) this.entries.delete(key);
      },
    );
    return promise;
  }

  /** The value if it is cached and loaded, without loading; it counts as a use. */
  get(key: string, now = Date.now()): V | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.expiresAt <= now || !('value' in entry)) return undefined;
    this.use(key, entry);
    return entry.value;
  }

  /** Keeps a value already at hand, as the most recently used. */
  set(key: string, value: V, now = Date.now()): void {
    this.store(key, { promise: Promise.resolve(value), value, expiresAt: now + this.ttlMs, movedAt: 0 });
  }

  /** A use: most recently used moves to the end, unless it is still among the most recent. */
  private use(key: string, entry: Entry<V>): void {
    if (this.moves - entry.movedAt < this.stillRecent) return;
    this.entries.delete(key);
    this.entries.set(key, entry);
    entry.movedAt = ++this.moves;
  }

  private store(key: string, entry: Entry<V>): void {
    // Most recently used goes to the end; eviction takes from the front.
    this.entries.delete(key);
    this.entries.set(key, entry);
    entry.movedAt = ++this.moves;
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.entries().next();
      if (!oldest.done) {
        const [oldestKey, evicted] = oldest.value;
        this.entries.delete(oldestKey);
        if ('value' in evicted) this.onEvict?.(evicted.value as V, oldestKey);
      }
    }
  }

  invalidate(key: string): void {
    this.entries.delete(key);
  }

  /** Drops every entry whose value passes the test, and every entry still loading (it might). */
  invalidateWhere(test: (value: V, key: string) => boolean): void {
    for (const [key, entry] of [...this.entries]) {
      if (!('value' in entry) || test(entry.value as V, key)) this.entries.delete(key);
    }
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
