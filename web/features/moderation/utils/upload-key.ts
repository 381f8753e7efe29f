/**
 * The upload key of an image the app shows (`/api/uploads/<key>`, decision 106): what a report of
 * a box image or a profile picture names. Null for anything else (no picture, an outside URL).
 * Apart from the report dialog, so the pages that offer a report keep zod out of their first load.
 */
export function uploadKeyOf(url: string | null | undefined): string | null {
  return url?.match(/^\/api\/uploads\/([0-9a-f]{32})$/)?.[1] ?? null;
}
