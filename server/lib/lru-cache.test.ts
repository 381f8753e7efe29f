import { describe, expect, it } from 'vitest';
import { LruCache } from './lru-cache';

describe('LruCache', () => {
  it('shares one load between concurrent misses and keeps its value until the time to live is over', async () => {
    const cache = new LruCache<number>(10, 1000);
    let loads = 0;
    const load = async () => ++loads;
    const [a, b] = await Promise.all([cache.getOrLoad('k', load, 0), cache.getOrLoad('k', load, 0)]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
    expect(cache.get('k', 999)).toBe(1);
    expect(await cache.getOrLoad('k', load, 1000)).toBe(2);
  });

  it('does not keep a failed load', async () => {
    const cache = new LruCache<string>(10, 1000);
    await expect(cache.getOrLoad('k', () => Promise.reject(new Error('down')), 0)).rejects.toThrow('down');
    expect(await cache.getOrLoad('k', async () => 'up', 0)).toBe('up');
  });

  it('drops the least recently used entry past its bound; get and set count as uses', () => {
    const cache = new LruCache<string>(2, Number.POSITIVE_INFINITY);
    cache.set('a', 'A');
    cache.set('b', 'B');
    expect(cache.get('a')).toBe('A');
    cache.set('c', 'C');
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual(['A', undefined, 'C']);
    expect(cache.size).toBe(2);
  });

  it('a use moves an entry only once it is out of the most recent quarter; a hot entry still outlives cold ones', () => {
    const cache = new LruCache<number>(8, Number.POSITIVE_INFINITY);
    for (let i = 0; i < 8; i++) cache.set(`k${i}`, i);
    // k6 is among the two most recent (a quarter of 8): its use leaves it where it is…
    cache.get('k6');
    cache.set('n0', 100);
    cache.set('n1', 101);
    // …k0 and k1 went first, as least recently used.
    expect([cache.get('k0'), cache.get('k1')]).toEqual([undefined, undefined]);
    // k2 was used when 2 or more stores had come after it: it moved to the end and stays.
    cache.get('k2');
    for (let i = 2; i < 7; i++) cache.set(`m${i}`, i);
    expect(cache.get('k2')).toBe(2);
    expect([cache.get('k3'), cache.get('k6')]).toEqual([undefined, undefined]);
    // Used on every request, an entry is never pushed out by a stream of new ones.
    const hot = new LruCache<string>(8, Number.POSITIVE_INFINITY);
    hot.set('hot', 'H');
    for (let i = 0; i < 100; i++) {
      expect(hot.get('hot')).toBe('H');
      hot.set(`cold${i}`, 'C');
    }
    expect(hot.size).toBe(8);
  });

  it('tells onEvict of each value its bound pushes out, not of those invalidated or replaced', () => {
    const evicted: [string, string][] = [];
    const cache = new LruCache<string>(2, Number.POSITIVE_INFINITY, (value, key) => evicted.push([key, value]));
    cache.set('a', 'A');
    cache.set('b', 'B');
    cache.get('a'); // b is now the least recently used
    cache.set('c', 'C');
    cache.invalidate('a');
    cache.set('c', 'C2');
    cache.set('d', 'D');
    cache.set('e', 'E');
    expect(evicted).toEqual([
      ['b', 'B'],
      ['c', 'C2'],
    ]);
    expect(cache.get('d')).toBe('D');
    expect(cache.get('e')).toBe('E');
  });

  it('keeps null as a value, unlike a miss', () => {
    const cache = new LruCache<string | null>(2, Number.POSITIVE_INFINITY);
    cache.set('bad', null);
    expect(cache.get('bad')).toBeNull();
    expect(cache.get('unknown')).toBeUndefined();
  });

  it('drops on invalidation, including loads still in flight', async () => {
    const cache = new LruCache<number>(10, 1000);
    cache.set('a', 1, 0);
    cache.set('b', 2, 0);
    cache.invalidateWhere((value) => value === 1);
    expect([cache.get('a', 0), cache.get('b', 0)]).toEqual([undefined, 2]);
    let finish = (_: number) => {};
    const pending = cache.getOrLoad('c', () => new Promise<number>((resolve) => (finish = resolve)), 0);
    cache.invalidateWhere(() => false);
    finish(3);
    expect(await pending).toBe(3);
    expect(cache.get('c', 0)).toBeUndefined();
  });
});
