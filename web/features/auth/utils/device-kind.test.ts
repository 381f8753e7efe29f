import { describe, expect, it } from 'vitest';
import { deviceKind } from './device-kind';

describe('deviceKind', () => {
  it.each([
    ['Chrome on Android', 'phone'],
    ['Samsung Internet on Android', 'phone'],
    ['Safari on iPhone', 'phone'],
    ['Safari on iOS', 'phone'],
    ['Chrome on iPad', 'tablet'],
    ['Chrome on Android tablet', 'tablet'],
    ['Firefox on Windows', 'computer'],
    ['Edge on macOS', 'computer'],
    ['Chrome on Linux', 'computer'],
    ['Chrome', 'computer'],
    [null, 'computer'],
  ] as const)('%s → %s', (summary, kind) => {
    expect(deviceKind(summary)).toBe(kind);
  });
});
