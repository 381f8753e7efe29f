import { describe, expect, it } from 'vitest';
import { keepForViewer } from './cache';

describe('keepForViewer: the latest viewers of a busy Shro are the ones kept', () => {
  it('keeps at most 1,000, dropping the one set longest ago; setting again makes a viewer the latest', () => {
    const kept = new Map<string, number>();
    for (let i = 0; i < 1000; i++) keepForViewer(kept, `user:${i}`, i);
    keepForViewer(kept, 'user:0', -1);
    keepForViewer(kept, 'user:1000', 1000);
    expect(kept.size).toBe(1000);
    // user:0 was set again before the 1,001st arrived, so user:1 was the one set longest ago.
    expect(kept.has('user:1')).toBe(false);
    expect(kept.get('user:0')).toBe(-1);
    expect(kept.get('user:1000')).toBe(1000);
    expect([...kept.keys()].slice(-2)).toEqual(['user:0', 'user:1000']);
  });
});
