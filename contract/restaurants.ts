import { z } from 'zod';
import { restaurantNamesByCategory } from './restaurant-names';

/** docs/product.md §3 "Restaurant option": the fixed categories, in the order the picker lists them. */
export const restaurantCategories = [
  'Fast Food',
  'Casual Dining',
  'Coffee & Bakery',
  'Pizza',
  'UK Establishments',
  'Asian Cuisine',
  'Mexican/Tex-Mex',
  'Fine Dining',
] as const;

const restaurantCategorySchema = z.enum(restaurantCategories);
export type RestaurantCategory = z.infer<typeof restaurantCategorySchema>;

export type RestaurantEntry = { name: string; category: RestaurantCategory };

/** docs/product.md §9: the restaurant picker shows the first 20 matches. */
const RESTAURANT_SEARCH_LIMIT = 20;

/** The built-in restaurant catalogue (well-known chains and restaurants), grouped by category. */
export const restaurantCatalogue: ReadonlyArray<RestaurantEntry> = restaurantCategories.flatMap((category) =>
  restaurantNamesByCategory[category].map((name) => ({ name, category })),
);

/** Lowercase without accents, so "cafe" finds "Café Rouge". */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

/** Catalogue entries whose name or category contains `query`, minus names already chosen, first `limit`. */
export function searchRestaurants(
  query: string,
  exclude: ReadonlyArray<string>,
  limit = RESTAURANT_SEARCH_LIMIT,
): RestaurantEntry[] {
  const needle = fold(query);
  const excluded = new Set(exclude.map(fold));
  const matches: RestaurantEntry[] = [];
  for (const entry of restaurantCatalogue) {
    if (matches.length >= limit) break;
    if (excluded.has(fold(entry.name))) continue;
    if (needle && !fold(entry.name).includes(needle) && !fold(entry.category).includes(needle)) continue;
    matches.push(entry);
  }
  return matches;
}
