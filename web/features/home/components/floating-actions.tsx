import { pageHref } from '@contract/pages';
import { Trans, useLingui } from '@lingui/react/macro';
import { Compass, Ellipsis, Plus, Users, X } from 'lucide-react';
import { type RefObject, useEffect, useState } from 'react';
import { Link } from 'wouter';
import { cn } from '@/lib/cn';

/** True once `target` has scrolled away above the viewport (false until it is rendered). */
function useScrolledPast(target: RefObject<HTMLElement | null> | undefined) {
  const [past, setPast] = useState(!target);
  useEffect(() => {
    const element = target?.current;
    if (!element) {
      setPast(true);
      return;
    }
    // A scroll listener, not an IntersectionObserver: a jump from below the viewport to above
    // it (End key, a fling) never intersects, so an observer would not report it.
    const update = () => setPast(element.getBoundingClientRect().bottom <= 0);
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [target]);
  return past;
}

/**
 * Signed-in quick actions: a Create button, and from medium screens up a toggle that expands
 * Explore and Friends. On phones it is one floating Create button only (the menu already holds
 * Explore and Friends), shown once the user has scrolled past `inPageCreate` (the page's own
 * create button), so it does not sit on the cards of the first screen (decision 016).
 */
export function FloatingActions({ inPageCreate }: { inPageCreate?: RefObject<HTMLElement | null> }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const scrolledPast = useScrolledPast(inPageCreate);
  return (
    <>
      {/* Room below the last line of the page, so it can scroll clear of the button. */}
      <div aria-hidden="true" className="h-24" />
      <nav
        aria-label={t`Quick actions`}
        className={cn(
          'fixed bottom-[calc(1.25rem+env(safe-area-inset-bottom))] end-5 z-30 flex flex-col items-end gap-3',
          !scrolledPast && 'max-md:hidden',
        )}
      >
        {open && (
          <div className="hidden flex-col items-end gap-2 animate-pop md:flex">
            <Link
              href={pageHref('explore')}
              className="flex items-center gap-2 rounded-full bg-surface-2 px-4 py-2.5 text-sm font-semibold shadow-xl"
            >
              <Compass className="size-4" /> <Trans>Explore</Trans>
            </Link>
            <Link
              href={pageHref('friends')}
              className="flex items-center gap-2 rounded-full bg-surface-2 px-4 py-2.5 text-sm font-semibold shadow-xl"
            >
              <Users className="size-4" /> <Trans>Friends</Trans>
            </Link>
          </div>
        )}
        <div className="flex items-center gap-2">
          <button
            type="button"
            onClick={() => setOpen((v) => !v)}
            aria-expanded={open}
            aria-label={open ? t`Hide quick actions` : t`More quick actions`}
            className="hidden size-11 items-center justify-center rounded-full bg-surface-2 text-zinc-100 shadow-xl md:flex"
          >
            {open ? <X className="size-5" /> : <Ellipsis className="size-5" />}
          </button>
          <Link
            href={pageHref('create')}
            aria-label={t`Create`}
            className="flex h-14 items-center gap-2 rounded-full bg-gradient-to-r from-brand to-brand-2 px-5 font-bold text-white shadow-2xl shadow-brand/40"
          >
            <Plus className="size-5" /> <Trans>Create</Trans>
          </Link>
        </div>
      </nav>
    </>
  );
}
