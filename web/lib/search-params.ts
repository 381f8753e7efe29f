import { useSearchParams } from 'wouter';

/** A change to the query string: a value sets the parameter, null (or the default) removes it. */
export type SearchParamChanges = Record<string, string | null>;

/**
 * Screen state kept in the query string (history's tab and page, explore's tab and hashtag), so
 * Back, a reload and a shared link show the same screen. Each change is one history entry, unless
 * `replace` (a correction nobody would want to go Back to).
 */
export function useSearchParamState() {
  const [params, setParams] = useSearchParams();
  const update = (changes: SearchParamChanges, options: { replace?: boolean } = {}) => {
    // From the address as it is now, not as of the last render: a second change in the same event
    // (a tab reports its choice on press and on focus) must not push the same entry twice.
    const current = window.location.search;
    const next = new URLSearchParams(current);
    for (const [name, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(name);
      else next.set(name, value);
    }
    if (next.toString() === new URLSearchParams(current).toString()) return;
    setParams(next, { replace: options.replace });
  };
  return [params, update] as const;
}
