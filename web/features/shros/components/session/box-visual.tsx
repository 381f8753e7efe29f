import type { ShroBox } from '@contract/shro-views';
import { useLingui } from '@lingui/react/macro';
import { Maximize2, Star } from 'lucide-react';
import { useState } from 'react';
import { boxGradient } from '@/lib/box-style';
import { cn } from '@/lib/cn';
import { boxText } from './box-text';
import { ImageLightbox } from './image-lightbox';

/**
 * The opened box (docs/product.md §2): its image (full screen on tap), else the first letter of its text,
 * else its position, on the box's colour.
 */
export function BoxVisual({
  box,
  className,
  rounded = 'rounded-2xl',
  zoomable = true,
  poster = false,
}: {
  box: ShroBox;
  className?: string;
  rounded?: string;
  zoomable?: boolean;
  /** Movie/TV posters are 2:3. */
  poster?: boolean;
}) {
  const { t, i18n } = useLingui();
  const text = boxText(box, i18n);
  const position = box.position;
  const name = text ? t`Box ${position}: ${text}` : t`Box ${position}`;
  // A poster or image that fails to load falls back to the letter tile below.
  const [failed, setFailed] = useState(false);
  if (box.imageUrl && !failed) {
    const image = (
      <img
        src={box.imageUrl}
        alt={name}
        className={cn('size-full object-cover', rounded)}
        decoding="async"
        onError={() => setFailed(true)}
      />
    );
    if (!zoomable)
      return (
        <div className={cn('overflow-hidden', poster ? 'aspect-[2/3]' : 'aspect-square', rounded, className)}>
          {image}
        </div>
      );
    return (
      <ImageLightbox src={box.imageUrl} alt={name}>
        <button
          type="button"
          aria-label={t`View ${name} full screen`}
          className={cn(
            'group relative block w-full cursor-zoom-in overflow-hidden',
            poster ? 'aspect-[2/3]' : 'aspect-square',
            rounded,
            className,
          )}
        >
          {image}
          <span className="absolute bottom-2 right-2 flex size-8 items-center justify-center rounded-full bg-black/60 text-white opacity-90 transition-opacity group-hover:opacity-100">
            <Maximize2 className="size-4" aria-hidden="true" />
          </span>
        </button>
      </ImageLightbox>
    );
  }
  const initial = text?.trim().charAt(0).toUpperCase();
  return (
    <div
      className={cn(
        'relative flex aspect-square items-center justify-center overflow-hidden bg-gradient-to-br @container',
        boxGradient(box.position),
        rounded,
        className,
      )}
    >
      <div className="absolute inset-0 bg-[radial-gradient(circle_at_30%_20%,rgba(255,255,255,0.35),transparent_55%)]" />
      <span aria-hidden="true" className="relative text-[45cqw] font-black leading-none text-white drop-shadow-lg">
        {initial || box.position}
      </span>
      {box.tmdbData?.vote_average ? (
        <span className="absolute bottom-2 right-2 inline-flex items-center gap-0.5 rounded-full bg-black/50 px-2 py-0.5 text-xs font-bold text-white">
          <Star className="size-3 fill-amber-300 text-amber-300" aria-hidden="true" />
          {box.tmdbData.vote_average.toFixed(1)}
        </span>
      ) : null}
    </div>
  );
}
