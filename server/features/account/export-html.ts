import { createHash } from 'node:crypto';
import { PRODUCT_NAME } from '../../../contract/product';
import { escapeHtml } from '../../lib/escape-xml';
import type { Part } from './export';

/**
 * The export's `index.html` (decision 114): the same document as the JSON, as a page a person can
 * read on a phone. Every value is escaped text: nothing anyone wrote is ever markup here, and the
 * page's policy allows its own style and nothing else (no script, no request).
 */

const STYLE = `
body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:48rem;padding:1rem;color:#18181b;background:#fafafa}
h1{font-size:1.5rem}h2{font-size:1.25rem;margin-top:2rem;border-bottom:1px solid #d4d4d8}
nav ul{padding-inline-start:1.25rem}
dl{display:grid;grid-template-columns:minmax(6rem,max-content) 1fr;gap:.25rem .75rem;margin:0}
dt{color:#52525b}dd{margin:0;overflow-wrap:anywhere;white-space:pre-wrap}
ol.items{list-style:none;padding:0}
ol.items>li{background:#fff;border:1px solid #e4e4e7;border-radius:.75rem;padding:.75rem;margin:.5rem 0}
.empty{color:#71717a}
`;
const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64');
const POLICY = `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; base-uri 'none'; form-action 'none'`;

/** Headings for the document's fields, in its order (the page's contents); any other field gets its name spelled out. */
const SECTION_TITLES: Record<string, string> = {
  profile: 'Profile',
  stats: 'Stats',
  achievements: 'Achievements',
  shrosCreated: `${PRODUCT_NAME}s you created`,
  picks: 'Boxes you opened',
  shrosReceivedNotOpened: `${PRODUCT_NAME}s sent to you, not opened`,
  reactions: 'Reactions',
  shares: 'Shares',
  friends: 'Friends',
  friendRequests: 'Friend requests',
  invites: 'Invite links',
  messages: 'Messages',
  notifications: 'Notifications',
  authSessions: 'Sign-ins',
  reportsMade: 'Reports you made',
  blockedUsers: 'People you blocked',
  mutedUsers: 'People you muted',
  mutedShros: `${PRODUCT_NAME}s you muted`,
  notificationSettings: 'Notification settings',
  pushDevices: 'Push devices',
  analyticsEvents: 'Usage events',
  images: 'Images',
};
/** `createdAt` → "Created at". */
const spelled = (key: string) => {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};
const titleOf = (key: string) => SECTION_TITLES[key] ?? spelled(key);

/** Files the export itself names (`images/<key>.webp`) become links; nothing else does. */
const IMAGE_FILE = /^images\/[0-9a-f]{32}\.webp$/;

function valueHtml(value: unknown): string {
  if (value === null || value === undefined) return '<span class="empty">none</span>';
  if (typeof value === 'string') {
    return IMAGE_FILE.test(value) ? `<a href="${escapeHtml(value)}">${escapeHtml(value)}</a>` : escapeHtml(value);
  }
  if (typeof value !== 'object') return escapeHtml(String(value));
  if (Array.isArray(value)) {
    if (value.length === 0) return '<span class="empty">none</span>';
    if (value.every((v) => typeof v !== 'object' || v === null)) return escapeHtml(value.map(String).join(', '));
    return `<ol class="items">${value.map((v) => `<li>${valueHtml(v)}</li>`).join('')}</ol>`;
  }
  const rows = Object.entries(value).map(([k, v]) => `<dt>${escapeHtml(spelled(k))}</dt><dd>${valueHtml(v)}</dd>`);
  return `<dl>${rows.join('')}</dl>`;
}

const isAsyncList = (value: unknown): value is AsyncIterable<unknown> =>
  typeof value === 'object' && value !== null && Symbol.asyncIterator in value;

/** The header fields, shown above the sections rather than as sections of their own. */
const HEADER_FIELDS = new Set(['format', 'version', 'exportedAt', 'about']);

/** The page as text, piece by piece, each field written as it arrives (long lists one item at a time). */
export async function* documentHtml(parts: AsyncIterable<Part>) {
  yield `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(POLICY)}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Your ${escapeHtml(PRODUCT_NAME)} data</title>
<style>${STYLE}</style>
</head>
<body>
<h1>Your ${escapeHtml(PRODUCT_NAME)} data</h1>
`;
  let navWritten = false;
  for await (const [name, value] of parts) {
    if (value === undefined) continue;
    if (HEADER_FIELDS.has(name)) {
      if (name === 'exportedAt') yield `<p>Exported ${escapeHtml(String(value))}.</p>\n`;
      if (name === 'about') yield `<p>${escapeHtml(String(value))}</p>\n`;
      continue;
    }
    if (!navWritten) {
      navWritten = true;
      const links = Object.keys(SECTION_TITLES).map(
        (n) => `<li><a href="#${escapeHtml(n)}">${escapeHtml(titleOf(n))}</a></li>`,
      );
      yield `<nav aria-label="Sections"><ul>${links.join('')}</ul></nav>\n`;
    }
    yield `<section id="${escapeHtml(name)}"><h2>${escapeHtml(titleOf(name))}</h2>`;
    if (isAsyncList(value)) {
      let items = 0;
      for await (const item of value) yield `${items++ === 0 ? '<ol class="items">' : ''}<li>${valueHtml(item)}</li>`;
      yield items > 0 ? '</ol>' : '<p class="empty">Nothing here.</p>';
    } else if (Array.isArray(value) && value.length === 0) {
      yield '<p class="empty">Nothing here.</p>';
    } else {
      yield valueHtml(value);
    }
    yield '</section>\n';
  }
  yield '</body>\n</html>\n';
}
