import { boxGradient } from '@/lib/box-style';
import { cn } from '@/lib/cn';
import './mystery-box-art.css';

/**
 * A closed gift box drawn with CSS: body, ribbon, lid and bow. `opening` lifts the lid off (the
 * reveal), `wobble` shakes it while the pick is being sent.
 */
export function MysteryBoxArt({
  position,
  motion = 'none',
  className,
  showMark = true,
}: {
  position: number;
  motion?: 'none' | 'float' | 'wobble' | 'opening';
  className?: string;
  showMark?: boolean;
}) {
  const gradient = boxGradient(position);
  return (
    <div
      aria-hidden="true"
      // The bench times the first load until four of these are on screen (bench/network.ts).
      data-box-art=""
      className={cn(
        '@container relative aspect-square w-full',
        motion === 'float' && 'shro-float',
        motion === 'wobble' && 'shro-wobble',
        className,
      )}
      style={motion === 'float' ? { animationDelay: `${(position - 1) * -0.7}s` } : undefined}
    >
      {/* body */}
      <div
        className={cn(
          'absolute inset-x-[10%] bottom-[4%] top-[34%] overflow-hidden rounded-[14%] bg-gradient-to-br shadow-[0_18px_40px_-12px_rgba(0,0,0,0.6)]',
          gradient,
        )}
      >
        <div className="absolute inset-0 bg-[linear-gradient(160deg,rgba(255,255,255,0.28),transparent_45%)]" />
        <div className="absolute inset-y-0 left-1/2 w-[16%] -translate-x-1/2 bg-amber-200/90 shadow-[0_0_0_1px_rgba(0,0,0,0.05)]" />
        {showMark && (
          <span className="absolute inset-0 flex items-center justify-center text-[24cqw] font-black leading-none text-white drop-shadow-[0_2px_6px_rgba(0,0,0,0.45)]">
            ?
          </span>
        )}
      </div>
      {/* lid with bow */}
      <div
        className={cn(
          'absolute inset-x-[4%] top-[20%] h-[18%] origin-bottom-left',
          motion === 'opening' && 'shro-lid-open',
        )}
      >
        <div className={cn('absolute inset-0 rounded-[22%] bg-gradient-to-br shadow-lg brightness-110', gradient)}>
          <div className="absolute inset-0 rounded-[22%] bg-[linear-gradient(180deg,rgba(255,255,255,0.35),transparent_60%)]" />
          <div className="absolute inset-y-0 left-1/2 w-[15%] -translate-x-1/2 bg-amber-200" />
        </div>
        <div className="absolute bottom-[85%] left-1/2 flex -translate-x-1/2 items-end gap-[2px]">
          <span className="block size-[13cqw] -rotate-[35deg] rounded-[40%_40%_10%_40%] border-[max(2px,1.8cqw)] border-amber-200 bg-amber-100/30" />
          <span className="block size-[13cqw] rotate-[35deg] rounded-[40%_40%_40%_10%] border-[max(2px,1.8cqw)] border-amber-200 bg-amber-100/30" />
        </div>
      </div>
    </div>
  );
}
