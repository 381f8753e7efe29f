import type { ShroBox } from '@contract/shro-views';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { MysteryBoxArt } from '@/components/mystery-box-art';
import { playSound } from '@/lib/sounds';
import { useReducedMotion } from '../../hooks/use-reduced-motion';
import { boxText } from './box-text';
import { BoxVisual } from './box-visual';

/** How long the lid-off animation runs before the result card takes over. */
const REVEAL_MS = 2600;

const sparks = [
  { dx: '-120%', dy: '-90%', color: 'bg-amber-200' },
  { dx: '110%', dy: '-100%', color: 'bg-pink-300' },
  { dx: '-140%', dy: '10%', color: 'bg-purple-300' },
  { dx: '140%', dy: '0%', color: 'bg-amber-300' },
  { dx: '-60%', dy: '-140%', color: 'bg-sky-300' },
  { dx: '70%', dy: '-140%', color: 'bg-emerald-300' },
];

/**
 * The reveal: the chosen box shakes, its lid flies off, light bursts and the content rises out.
 * With reduced motion it goes straight to the result.
 */
export function RevealStage({ box, onDone }: { box: ShroBox; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const position = box.position;
  const reduced = useReducedMotion();
  // Polling re-renders the page every 2 s: the timer and the sound must start once only.
  const done = useRef(onDone);
  done.current = onDone;

  useEffect(() => {
    playSound('reveal');
    const timer = setTimeout(() => done.current(), reduced ? 0 : REVEAL_MS);
    return () => clearTimeout(timer);
  }, [reduced]);

  return (
    <section aria-live="polite" aria-label={t`Opening your box`} className="mt-10 flex flex-col items-center">
      <p className="text-sm font-semibold uppercase tracking-[0.2em] text-purple-200 shro-fade-up">
        <Trans>Opening Mystery Box #{position}...</Trans>
      </p>
      <div className="relative mt-6 w-56 sm:w-64">
        <div
          aria-hidden="true"
          className="shro-burst absolute inset-[-30%] rounded-full bg-[radial-gradient(circle,rgba(253,230,138,0.9),rgba(236,72,153,0.35)_45%,transparent_70%)]"
        />
        {sparks.map((spark, i) => (
          <span
            key={i}
            aria-hidden="true"
            className={`shro-spark absolute left-1/2 top-1/2 size-3 rounded-full ${spark.color}`}
            style={{ '--dx': spark.dx, '--dy': spark.dy } as React.CSSProperties}
          />
        ))}
        <div className="shro-shake">
          <MysteryBoxArt position={box.position} motion="opening" showMark={false} />
        </div>
        <div className="shro-rise absolute inset-x-[14%] top-[6%] shadow-2xl">
          <BoxVisual box={box} zoomable={false} className="ring-4 ring-white/80" />
        </div>
      </div>
      <p className="shro-rise mt-6 text-center text-xl font-bold">{boxText(box, i18n) ?? t`Box #${position}`}</p>
    </section>
  );
}
