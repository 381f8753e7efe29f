import { getDefaultConfig, twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { classCandidates, mergeMeaning, usedClassGroups } from '../scripts/tailwind-merge-config';
import { cn } from '../web/lib/cn';
import { tailwindMergeConfig } from '../web/lib/tailwind-merge-config';

/**
 * `cn` merges with tailwind-merge's default configuration reduced to the class groups our sources
 * use (decision 094). Reduced, it must still merge every class of ours exactly as the default does:
 * same group for each class, same groups it overrides. A class of a kind the app did not use
 * before fails here until the configuration is regenerated.
 */
const regenerate = 'run `node --import tsx scripts/tailwind-merge-config.ts` (decision 094)';

describe("cn's reduced tailwind-merge configuration", () => {
  const candidates = classCandidates();
  const used = usedClassGroups(candidates);
  const ours = tailwindMergeConfig();

  it('sees the classes of our sources (the scan itself works)', () => {
    expect(candidates).toEqual(expect.arrayContaining(['rounded-xl', 'size-11', 'bg-surface-2', 'sm:flex-row']));
    expect(used.size).toBeGreaterThan(50);
  });

  it('holds every class group our sources use', () => {
    const missing = [...used].filter((group) => !(group in ours.classGroups));
    expect(missing, regenerate).toEqual([]);
  });

  it('gives every class of our sources the same group and the same overrides as the default', () => {
    const reduced = mergeMeaning(ours);
    const full = mergeMeaning(getDefaultConfig());
    // Groups no class of ours belongs to can never be overridden among our classes.
    const ofOurs = (meaning: { group: string | null; overrides: string[] }) => ({
      group: meaning.group,
      overrides: meaning.overrides.filter((group) => used.has(group)),
    });
    const differing = candidates.filter(
      (className) => JSON.stringify(ofOurs(reduced(className))) !== JSON.stringify(ofOurs(full(className))),
    );
    expect(differing, regenerate).toEqual([]);
  });

  it('merges pairs of our classes as twMerge does (a sample, end to end through cn)', () => {
    let seed = 12345;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return candidates[seed % candidates.length]!;
    };
    const differing: string[] = [];
    for (let i = 0; i < 20_000; i++) {
      const pair = `${next()} ${next()}`;
      if (cn(pair) !== twMerge(pair)) differing.push(pair);
    }
    expect(differing).toEqual([]);
    expect(cn('size-10 rounded-xl px-3', 'size-11 rounded-full')).toBe('px-3 size-11 rounded-full');
  });
});
