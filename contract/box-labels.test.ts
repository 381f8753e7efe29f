import { describe, expect, it } from 'vitest';
import { imageBoxLabel, textBoxLabel } from './box-labels';

describe('default box labels', () => {
  it('names image boxes by number and text boxes by letter, from position 1', () => {
    expect([1, 2, 3, 4].map(imageBoxLabel)).toEqual(['Box 1', 'Box 2', 'Box 3', 'Box 4']);
    expect([1, 2, 3, 4].map(textBoxLabel)).toEqual(['Option A', 'Option B', 'Option C', 'Option D']);
  });
});
