import { describe, expect, it } from 'vitest';
import { defaultBoxLabel, imageBoxLabel, textBoxLabel } from './box-labels';

describe('default box labels', () => {
  it('names image boxes by number and text boxes by letter, from position 1', () => {
    expect([1, 2, 3, 4].map(imageBoxLabel)).toEqual(['Box 1', 'Box 2', 'Box 3', 'Box 4']);
    expect([1, 2, 3, 4].map(textBoxLabel)).toEqual(['Option A', 'Option B', 'Option C', 'Option D']);
  });

  it('knows a default label again, and nothing else', () => {
    expect(defaultBoxLabel('Box 3')).toEqual({ kind: 'image', position: 3 });
    expect(defaultBoxLabel('Option D')).toEqual({ kind: 'text', position: 4 });
    expect(['Box 5', 'Option E', 'box 1', 'Box 1 ', 'Sunset', ''].map(defaultBoxLabel)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});
