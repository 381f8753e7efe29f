import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { describe, expect, it } from 'vitest';
import { deviceKind, deviceName } from './device-kind';

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

describe('deviceName', () => {
  const japanese = setupI18n({
    locale: 'ja',
    messages: {
      ja: {
        [generateMessageId('{browser} on {system}')]: compileMessage('{browser}（{system}）'),
        [generateMessageId('Android tablet')]: compileMessage('Androidタブレット'),
      },
    },
  });

  it("words the server's summary in the page's language, names as they are", () => {
    expect(deviceName('Chrome on Linux', japanese)).toBe('Chrome（Linux）');
    expect(deviceName('Chrome on Android tablet', japanese)).toBe('Chrome（Androidタブレット）');
    expect(deviceName('Android tablet', japanese)).toBe('Androidタブレット');
    expect(deviceName('Firefox', japanese)).toBe('Firefox');
  });
});
