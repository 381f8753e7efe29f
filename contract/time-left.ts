/** Time left on a link, worded once for the web (Shro page, home inbox) and the server's preview image (decision 125). */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long a link stays open, as people read it on a phone: "closes in 3 h", "closes in 25 min",
 * "closes in 2 d", "closes in under a minute"; null once it has closed (or never closes).
 * Rounded down, with a little grace (5 min on hours, 1 h on days) so a link just made for
 * "24 hours" reads 24 h rather than 23 h, and never more than that grace over the time left.
 */
export function closesIn(expiresAt: string | null, now = Date.now()): string | null {
  if (!expiresAt) return null;
  const left = new Date(expiresAt).getTime() - now;
  if (!(left > 0)) return null;
  if (left < MINUTE) return 'closes in under a minute';
  if (left < HOUR) return `closes in ${Math.floor(left / MINUTE)} min`;
  if (left + 5 * MINUTE < 2 * DAY) return `closes in ${Math.max(1, Math.floor((left + 5 * MINUTE) / HOUR))} h`;
  return `closes in ${Math.floor((left + HOUR) / DAY)} d`;
}

/** Under an hour left: shown more urgently. */
export const closesSoon = (expiresAt: string | null, now = Date.now()) =>
  expiresAt !== null && new Date(expiresAt).getTime() - now < HOUR;
