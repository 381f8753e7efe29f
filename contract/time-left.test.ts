import { describe, expect, it } from 'vitest';
import { closesSoon, timeLeft } from './time-left';

const now = Date.parse('2026-03-01T12:00:00Z');
const later = (ms: number) => new Date(now + ms).toISOString();

describe('timeLeft', () => {
  it('is null for a link that never expires or has closed', () => {
    expect(timeLeft(null, now)).toBeNull();
    expect(timeLeft(later(0), now)).toBeNull();
    expect(timeLeft(later(-5_000), now)).toBeNull();
  });

  it('reads in minutes, hours, then days, rounded down with a little grace', () => {
    expect(timeLeft(later(30_000), now)).toEqual({ unit: 'under-a-minute', count: 0 });
    expect(timeLeft(later(25 * 60_000 + 59_000), now)).toEqual({ unit: 'min', count: 25 });
    expect(timeLeft(later(59 * 60_000 + 59_000), now)).toEqual({ unit: 'min', count: 59 });
    expect(timeLeft(later(3 * 3600_000 + 50 * 60_000), now)).toEqual({ unit: 'h', count: 3 });
    // A link made for 24 hours, read a few seconds later.
    expect(timeLeft(later(24 * 3600_000 - 10_000), now)).toEqual({ unit: 'h', count: 24 });
    expect(timeLeft(later(24 * 3600_000 - 6 * 60_000), now)).toEqual({ unit: 'h', count: 23 });
    expect(timeLeft(later(47 * 3600_000), now)).toEqual({ unit: 'h', count: 47 });
    expect(timeLeft(later(7 * 24 * 3600_000 - 10_000), now)).toEqual({ unit: 'd', count: 7 });
    expect(timeLeft(later(7 * 24 * 3600_000 - 2 * 3600_000), now)).toEqual({ unit: 'd', count: 6 });
  });

  it('flags the last hour as soon', () => {
    expect(closesSoon(later(59 * 60_000), now)).toBe(true);
    expect(closesSoon(later(61 * 60_000), now)).toBe(false);
    expect(closesSoon(null, now)).toBe(false);
  });
});
