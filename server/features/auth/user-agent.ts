import { ANDROID_TABLET, deviceSummary } from '../../../contract/device-summary';

/**
 * A short, human summary of a User-Agent header ("Chrome on Android"), stored at sign-in for the
 * list of signed-in devices. A few regexes instead of a parsing library: the list only needs the
 * common browsers and systems, and an unknown one shows as null (docs/decisions/102-signed-in-devices.md).
 */
const BROWSERS: [RegExp, string][] = [
  [/\bEdgA?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/(?:Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];
// The device where the header names it (iPhone, iPad, an Android without "Mobile" is a tablet):
// the web picks the list's phone, tablet or computer icon from these words.
const SYSTEMS: [RegExp, string][] = [
  [/\biPad\b/, 'iPad'],
  [/\b(?:iPhone|iPod)\b/, 'iPhone'],
  [/\bAndroid\b(?!.*\bMobile\b)/, ANDROID_TABLET],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];
const MAX_HEADER = 512;

const firstMatch = (table: [RegExp, string][], header: string) => table.find(([pattern]) => pattern.test(header))?.[1];

export function summarizeUserAgent(header: string | undefined): string | null {
  if (!header) return null;
  const text = header.slice(0, MAX_HEADER);
  const browser = firstMatch(BROWSERS, text);
  const system = firstMatch(SYSTEMS, text);
  return deviceSummary(browser, system);
}
