import type { ReactElement } from 'react';
import { LoadOnIntent } from '@/components/load-on-intent';

/** The dialog's Radix code loads when the user reaches for the image (decision 094). */
const loadLightbox = () => import('./image-lightbox-dialog');

/**
 * Opens an image full screen (docs/product.md §2); the trigger is the element passed as children.
 * Tap outside or Escape closes.
 */
export function ImageLightbox({ src, alt, children }: { src: string; alt: string; children: ReactElement }) {
  return <LoadOnIntent load={loadLightbox} popup="dialog" props={{ src, alt }} trigger={children} />;
}
