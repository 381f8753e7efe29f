import type { Shro, ShroBox } from '@contract/shro-views';
import { useEffect, useRef } from 'react';
import { trackEvent } from '@/lib/analytics';
import { useBoxChecks } from '../../hooks/use-commitment-check';
import { ResultCard } from './result-card';

export { RevealStage } from './reveal-stage';

/*
 * What an opened box brings to a member's view of a Shro (shro-view.tsx): the reveal, the result
 * card with its reactions, and the browser's commitment checks. Loaded when a box is open or about
 * to be (the viewer reaches for one), not with the view: someone who has not picked yet sees only
 * the closed boxes (decision 094).
 */

/** Checks every box this viewer can see (with its salt) as soon as there is one, as the view did. */
export function BoxChecks({ boxes }: { boxes: ShroBox[] }) {
  useBoxChecks(boxes);
  return null;
}

/**
 * The result card. `focus`: the viewer's own pick just opened, so the heading takes the focus (the
 * box grid they were in is gone); `scrollTo`: `?view=result` (from a notification) scrolls to it.
 */
export function OpenedResult({
  shro,
  box,
  openedBy,
  focus,
  scrollTo,
}: {
  shro: Shro;
  box: ShroBox;
  openedBy: string | null;
  focus: boolean;
  scrollTo: boolean;
}) {
  const checks = useBoxChecks(shro.boxes);
  // Once per pick, not on every poll.
  const focused = useRef(false);
  useEffect(() => {
    if (!focus || focused.current) return;
    focused.current = true;
    document.getElementById('result-heading')?.focus();
  }, [focus]);
  const scrolled = useRef(false);
  useEffect(() => {
    if (!scrollTo || scrolled.current) return;
    scrolled.current = true;
    trackEvent('view_result', { label: shro.id });
    document.getElementById('result')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [scrollTo, shro.id]);
  return <ResultCard shro={shro} box={box} openedBy={openedBy} check={checks.get(box.id)} />;
}
