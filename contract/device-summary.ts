/*
 * A signed-in device as the server stores it at sign-in (server/features/auth/user-agent.ts):
 * "Chrome on Android", or the browser or the system alone. Kept in English; the web words it in
 * the reader's language (web/features/auth/utils/device-kind.ts).
 */

const SEPARATOR = ' on ';

/** The system name of an Android device without "Mobile" in its User-Agent. */
export const ANDROID_TABLET = 'Android tablet';

export const deviceSummary = (browser: string | undefined, system: string | undefined): string | null =>
  browser && system ? `${browser}${SEPARATOR}${system}` : (browser ?? system ?? null);

/** The browser and the system of a summary that names both, else null. */
export function deviceSummaryParts(summary: string): { browser: string; system: string } | null {
  const at = summary.indexOf(SEPARATOR);
  return at === -1 ? null : { browser: summary.slice(0, at), system: summary.slice(at + SEPARATOR.length) };
}
