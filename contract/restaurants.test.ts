import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { restaurantCatalogue, restaurantCategories, searchRestaurants } from './restaurants';

describe('restaurant catalogue', () => {
  it('has the 8 spec categories with at least 30 restaurants each', () => {
    // The list as docs/product.md §3 "Restaurant option" writes it, in its order.
    const spec = fs.readFileSync(new URL('../docs/product.md', import.meta.url), 'utf8');
    const listed = /in eight\s+categories:\s*([^.]+)\./.exec(spec)?.[1];
    expect(listed?.split(/,\s*/)).toEqual([...restaurantCategories]);
    expect(restaurantCategories).toHaveLength(8);
    for (const category of restaurantCategories) {
      const count = restaurantCatalogue.filter((entry) => entry.category === category).length;
      expect(count, category).toBeGreaterThanOrEqual(30);
    }
  });

  it('has unique, non-empty names (case-insensitively)', () => {
    const names = restaurantCatalogue.map((entry) => entry.name.trim().toLowerCase());
    expect(names.every((name) => name.length > 0)).toBe(true);
    expect(new Set(names).size).toBe(names.length);
  });

  it('includes the well-known UK chains', () => {
    const uk = restaurantCatalogue.filter((entry) => entry.category === 'UK Establishments').map((entry) => entry.name);
    expect(uk).toEqual(expect.arrayContaining(["Nando's", 'Wagamama', 'Greggs', 'Pret A Manger', 'Wetherspoons']));
  });
});

describe('searchRestaurants', () => {
  it('returns the first 20 by default, for an empty or blank query too', () => {
    expect(searchRestaurants('', [])).toEqual(restaurantCatalogue.slice(0, 20));
    expect(searchRestaurants('   ', [])).toHaveLength(20);
    expect(searchRestaurants('', [], 5)).toHaveLength(5);
  });

  it('matches name or category case-insensitively, ignoring accents', () => {
    const pizza = searchRestaurants('PIZZA', [], 100);
    expect(pizza.length).toBeGreaterThan(30);
    expect(pizza.every((entry) => entry.category === 'Pizza' || entry.name.toLowerCase().includes('pizza'))).toBe(true);
    expect(searchRestaurants('nando', []).map((entry) => entry.name)).toEqual(["Nando's"]);
    expect(searchRestaurants('cafe rouge', []).map((entry) => entry.name)).toEqual(['Café Rouge']);
    expect(searchRestaurants('tex-mex', []).every((entry) => entry.category === 'Mexican/Tex-Mex')).toBe(true);
    expect(searchRestaurants('zzqqxx', [])).toEqual([]);
  });

  it('caps at the limit', () => {
    expect(searchRestaurants('a', [])).toHaveLength(20);
    expect(searchRestaurants('a', [], 3)).toHaveLength(3);
  });

  it('leaves out names already chosen, case-insensitively, and fills up to the limit', () => {
    const first = searchRestaurants('', []);
    const chosen = [first[0]!.name, first[1]!.name.toUpperCase()];
    const next = searchRestaurants('', chosen);
    expect(next).toHaveLength(20);
    expect(next.map((entry) => entry.name)).not.toContain(first[0]!.name);
    expect(next.map((entry) => entry.name)).not.toContain(first[1]!.name);
    expect(next[0]).toEqual(first[2]);
    expect(searchRestaurants('greggs', ['Greggs'])).toEqual([]);
  });
});
