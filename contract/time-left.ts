/** Time left on a link, for the web (Shro page, home inbox) and the server's preview image (decisions 125, 170), each wording it in its reader's language. */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Time left on an open link, in the unit people read it in (`count` is 0 for under a minute). */
export interface TimeLeft {
  unit: 'under-a-minute' | 'min' | 'h' | 'd';
  count: number;
}

/**
 * How long a link stays open, as people read it on a phone: 3 h, 25 min, 2 d, under a minute;
 * null once it has closed (or never closes). Rounded down, with a little grace (5 min on hours,
 * 1 h on days) so a link just made for "24 hours" reads 24 h rather than 23 h, and never more
 * than that grace over the time left.
 */
export function timeLeft(expiresAt: string | null, now = Date.now()): TimeLeft | null {
  if (!expiresAt) return null;
  const left = new Date(expiresAt).getTime() - now;
  if (!(left > 0)) return null;
  if (left < MINUTE) return { unit: 'under-a-minute', count: 0 };
  if (left < HOUR) return { unit: 'min', count: Math.floor(left / MINUTE) };
  if (left + 5 * MINUTE < 2 * DAY) return { unit: 'h', count: Math.max(1, Math.floor((left + 5 * MINUTE) / HOUR)) };
  return { unit: 'd', count: Math.floor((left + HOUR) / DAY) };
}

/** Under an hour left: shown more urgently. */
export const closesSoon = (expiresAt: string | null, now = Date.now()) =>
  expiresAt !== null && new Date(expiresAt).getTime() - now < HOUR;
