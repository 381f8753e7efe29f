import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { describe, expect, it } from 'vitest';
import { shownBoxLabel } from './box-label';

/** Spanish, with the two default labels' translations as the catalog holds them. */
const spanish = setupI18n({
  locale: 'es',
  messages: {
    es: {
      [generateMessageId('Box {position}')]: compileMessage('Caja {position}'),
      [generateMessageId('Option {letter}')]: compileMessage('Opción {letter}'),
    },
  },
});

describe('a box label as the reader reads it', () => {
  it('shows a default label in the page language', () => {
    expect(shownBoxLabel('Box 3', spanish)).toBe('Caja 3');
    expect(shownBoxLabel('Option B', spanish)).toBe('Opción B');
  });

  it("shows a creator's own label as written, even one that looks almost like a default", () => {
    for (const label of ['Sunset', 'Box 5', 'box 1', 'Option E', 'Caja 1'])
      expect(shownBoxLabel(label, spanish)).toBe(label);
  });
});
