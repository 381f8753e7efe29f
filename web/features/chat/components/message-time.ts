const DAY_MS = 24 * 60 * 60 * 1000;

/** Clock time within the last 24 hours, otherwise a short date (docs/product.md §2). */
export function formatMessageTime(iso: string, now = Date.now()): string {
  const at = new Date(iso);
  if (now - at.getTime() < DAY_MS) return at.toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' });
  const sameYear = at.getFullYear() === new Date(now).getFullYear();
  return at.toLocaleDateString([], { month: 'short', day: 'numeric', ...(sameYear ? {} : { year: 'numeric' }) });
}
