import { Compass, Plus, Users, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { cn } from '@/lib/cn';

/** Signed-in quick actions: Create, and a toggle that expands Explore and Friends. */
export function FloatingActions() {
  const [open, setOpen] = useState(false);
  return (
    <div className="fixed bottom-[calc(1.25rem+env(safe-area-inset-bottom))] right-5 z-30 flex flex-col items-end gap-3">
      {open && (
        <div className="flex flex-col items-end gap-2 animate-pop">
          <Link
            href="/explore"
            className="flex items-center gap-2 rounded-full bg-surface-2 px-4 py-2.5 text-sm font-semibold shadow-xl"
          >
            <Compass className="size-4" /> Explore
          </Link>
          <Link
            href="/friends"
            className="flex items-center gap-2 rounded-full bg-surface-2 px-4 py-2.5 text-sm font-semibold shadow-xl"
          >
            <Users className="size-4" /> Friends
          </Link>
        </div>
      )}
      <div className="flex items-center gap-2">
        <button
          type="button"
          onClick={() => setOpen((v) => !v)}
          aria-expanded={open}
          aria-label={open ? 'Hide quick actions' : 'More quick actions'}
          className="flex size-11 items-center justify-center rounded-full bg-surface-2 text-zinc-100 shadow-xl"
        >
          <X className={cn('size-5 transition-transform', !open && 'rotate-45')} />
        </button>
        <Link
          href="/create"
          aria-label="Create"
          className="flex h-14 items-center gap-2 rounded-full bg-gradient-to-r from-brand to-brand-2 px-5 font-bold text-white shadow-2xl shadow-brand/40"
        >
          <Plus className="size-5" /> Create
        </Link>
      </div>
    </div>
  );
}
