/**
 * The middle item of `items` ordered by `key` (the upper middle for an even count): a whole run, so
 * its figures stay together. `items` must not be empty.
 */
export function medianBy<T>(items: readonly T[], key: (item: T) => number): T {
  return [...items].sort((a, b) => key(a) - key(b))[Math.floor(items.length / 2)]!;
}
