import { describe, expect, it } from 'vitest';
import { isObjectionable, isObjectionableName } from './objectionable';

/** The word-list filter and how it was tuned (docs/decisions/112-objectionable-content-filter.md). */
describe('isObjectionable', () => {
  it.each([
    'fuck this',
    'fvck',
    'sh1t happens',
    'b1tch',
    'a55hole',
    'n1gger',
    'dickhead',
    'big_dick',
    'FUUUUCK',
    'pussy',
  ])('matches %j, variants and leetspeak included', (text) => {
    expect(isObjectionable(text)).toBe(true);
  });

  it.each([
    'Scunthorpe United',
    'assassin',
    'Dick Van Dyke movies',
    'Moby Dick',
    'Shiitake risotto',
    'cumin and coriander',
    'Cummings',
    'Penistone',
    'cockpit tour',
    'Emily Dickinson',
    'Sex and the City',
    'Sex Education',
    'Pussycat Dolls',
    'Blue tit',
    'Hancock',
    'Essex',
    'Arsenal',
    'Cocktail night',
    'Classic',
    'Where do we eat?',
  ])('lets the ordinary %j through', (text) => {
    expect(isObjectionable(text)).toBe(false);
  });

  it('treats nothing as nothing', () => {
    expect(isObjectionable('')).toBe(false);
    expect(isObjectionable(null)).toBe(false);
    expect(isObjectionable(undefined)).toBe(false);
  });
});

describe('isObjectionableName', () => {
  it('lets a real name through whole, not inside another word', () => {
    expect(isObjectionableName('Dick')).toBe(false);
    expect(isObjectionableName(' dick ')).toBe(false);
    expect(isObjectionableName('Dickhead')).toBe(true);
    expect(isObjectionableName('Sh1thead')).toBe(true);
    expect(isObjectionableName('Ada')).toBe(false);
    expect(isObjectionableName(null)).toBe(false);
  });
});
