const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Clock time within the last 24 hours, otherwise a short date (docs/product.md §2), in the page's
 * language: `locale` is the active one (`i18n.locale` from `useLingui()`).
 */
export function formatMessageTime(iso: string, locale: string, now = Date.now()): string {
  const at = new Date(iso);
  if (now - at.getTime() < DAY_MS) return at.toLocaleTimeString(locale, { hour: 'numeric', minute: '2-digit' });
  const sameYear = at.getFullYear() === new Date(now).getFullYear();
  return at.toLocaleDateString(locale, { month: 'short', day: 'numeric', ...(sameYear ? {} : { year: 'numeric' }) });
}
