import { Trans } from '@lingui/react/macro';
import { Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { Input } from '@/components/ui/input';

interface PickerSearchProps {
  /** Every box has a pick: the note replaces the search. */
  full: boolean;
  id: string;
  label: string;
  placeholder: string;
  query: string;
  onQueryChange: (query: string) => void;
  /** Shown inside the search box, at its end (a spinner). */
  adornment?: ReactNode;
  /** What follows the search box: filters, messages, results. */
  children: ReactNode;
}

/** The search part of a catalogue picker (restaurants, movies, TV), or the note that all boxes are filled. */
export function PickerSearch({
  full,
  id,
  label,
  placeholder,
  query,
  onQueryChange,
  adornment,
  children,
}: PickerSearchProps) {
  if (full) {
    return (
      <p className="rounded-xl bg-emerald-500/10 px-3 py-2 text-sm text-emerald-200">
        <Trans>All 4 boxes are filled. Remove one to pick another.</Trans>
      </p>
    );
  }
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="text-sm font-medium text-zinc-200">
        {label}
      </label>
      <div className="relative">
        <Search className="pointer-events-none absolute start-3.5 top-1/2 size-4 -translate-y-1/2 text-muted" />
        <Input
          id={id}
          type="search"
          value={query}
          autoComplete="off"
          placeholder={placeholder}
          onChange={(e) => onQueryChange(e.target.value)}
          className="ps-10"
        />
        {adornment}
      </div>
      {children}
    </div>
  );
}
