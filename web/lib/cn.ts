import { type ClassValue, clsx } from 'clsx';
import { createTailwindMerge } from 'tailwind-merge';
import { tailwindMergeConfig } from './tailwind-merge-config';

/**
 * tailwind-merge with its default configuration reduced to the class groups the app uses: the same
 * merges for every class of our sources (tests/tailwind-merge-config.test.ts), and a smaller first
 * load for every page (decision 094).
 */
const twMerge = createTailwindMerge(tailwindMergeConfig);

/** Joins class names, letting later Tailwind classes win over earlier ones. */
export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}
