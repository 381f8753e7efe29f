import { LruCache } from '../../lib/lru-cache';

/** Calendar days in a user's own time zone: what a streak counts. */

// Zones are few (one per user's browser); the bound only guards against junk. A zone's formatter never changes.
const dayFormats = new LruCache<Intl.DateTimeFormat>(1000, Number.POSITIVE_INFINITY);

function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format;
}

/**
 * Every zone's offset is a whole number of quarter hours today, so its days begin on a UTC
 * quarter hour: the day of any moment in one quarter hour is the day of any other. Some zones had
 * other offsets before 1980 (Africa/Monrovia's −0:44:30): earlier moments are not kept.
 */
const QUARTER_HOUR_MS = 15 * 60 * 1000;
const KEPT_FROM = Date.UTC(2000, 0, 1);
/** Per zone, the last quarter hour asked for and its day: a batch's picks are in the same one. */
const lastDays = new LruCache<{ quarter: number; day: string }>(1000, Number.POSITIVE_INFINITY);

/** `YYYY-MM-DD` of `at` in `timeZone` (UTC when the zone is unknown). */
export function dayIn(timeZone: string, at: Date): string {
  const time = at.getTime();
  const quarter = time >= KEPT_FROM ? Math.floor(time / QUARTER_HOUR_MS) : Number.NaN;
  const last = lastDays.get(timeZone);
  // NaN (an older moment) equals nothing: it is always formatted.
  if (last?.quarter === quarter) return last.day;
  let day: string;
  try {
    day = dayFormat(timeZone).format(at);
  } catch {
    day = at.toISOString().slice(0, 10);
  }
  lastDays.set(timeZone, { quarter, day });
  return day;
}

/** The calendar day before `day` (`YYYY-MM-DD`). */
function previousDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
}

/**
 * The stored streak only moves when the user acts, so it is shown as 0 once a whole day has been
 * missed (counted in the user's own zone): last active today or yesterday keeps it alive.
 */
export function currentStreak(streakDays: number, lastActiveDay: string | null, timeZone: string, now: Date): number {
  if (!lastActiveDay || streakDays <= 0) return 0;
  const today = dayIn(timeZone, now);
  return lastActiveDay >= previousDay(today) ? streakDays : 0;
}

/**
 * The canonical IANA name of a zone a browser sent (`europe/paris` → `Europe/Paris`), or null
 * when it is not one this runtime knows. Never throws: a bad header is simply ignored.
 */
export function canonicalTimeZone(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const value = raw.trim();
  if (value.length === 0 || value.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(value)) return null;
  const known = canonicalZones.get(value);
  if (known !== undefined) return known;
  let zone: string | null;
  try {
    zone = new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    zone = null;
  }
  // The header comes with every call; building an Intl formatter each time would cost the hot
  // path. There are only a few hundred zones: remember answers, up to a bound no client can grow.
  canonicalZones.set(value, zone);
  return zone;
}

const canonicalZones = new LruCache<string | null>(2000, Number.POSITIVE_INFINITY);
