import { once } from 'node:events';
import { Readable } from 'node:stream';
import type { Archiver } from 'archiver';
import {
  EXPORT_FORMAT_VERSION,
  EXPORT_HTML_NAME,
  EXPORT_IMAGES_FOLDER,
  EXPORT_JSON_NAME,
} from '../../../contract/account';
import { SOURCE_LOCALE } from '../../../contract/locales';
import type { Shro } from '../../../contract/shro-views';
import { HttpError, SERVER_MESSAGES } from '../../lib/http-errors';
import { getAchievements } from '../achievements/service';
import { listFriendsForExport } from '../friends/queries';
import { listInvitesForExport } from '../invites/queries';
import type { ShroDeps } from '../shros/access';
import { viewerBoxId } from '../shros/shuffle';
import { getShroForViewer } from '../shros/view';
import type { UploadStorage } from '../uploads/storage';
import { documentHtml } from './export-html';
import { othersByUsername } from './export-people';
import {
  findAccountRow,
  findStatsForExport,
  listAnalyticsForExport,
  listAuthSessionsForExport,
  listFriendRequestsForExport,
  listMessagesForExport,
  listNotificationsForExport,
  listOwnReactions,
  listOwnShroIds,
  listOwnUploads,
  listPicksOnOthersShros,
  listReceivedShroIds,
  listSharesForExport,
} from './queries';
import { exportSafetyData } from './safety-export';

/**
 * GET /api/account/export (docs/decisions/114-account-export.md): everything about the user as
 * one JSON file, the same as a page to read (index.html), plus their images, as a ZIP written
 * straight to the reply.
 */

const imageFileOf = (key: string) => `${EXPORT_IMAGES_FOLDER}/${key}.webp`;
const UPLOAD_URL = /^\/api\/uploads\/([0-9a-f]{32})$/;

/**
 * A Shro exactly as the app shows it to the user: the one presenter decides (server/features/
 * shros/present.ts), so others' unopened boxes stay empty here too. Null when the user can no
 * longer see it (blocked, moderated away).
 */
async function presentedFor(deps: ShroDeps, shroId: string, viewer: { id: string; username: string }) {
  try {
    return await getShroForViewer(deps, shroId, viewer);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) return null;
    throw error;
  }
}

/** Points each box image the user uploaded at its file in the ZIP. */
function withImageFiles(shro: Shro, ownKeys: Set<string>) {
  return {
    ...shro,
    boxes: shro.boxes.map((box) => {
      const key = box.imageUrl ? UPLOAD_URL.exec(box.imageUrl)?.[1] : undefined;
      return { ...box, imageFile: key && ownKeys.has(key) ? imageFileOf(key) : null };
    }),
  };
}

const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;
/** Dates as ISO text, everything else as it is. */
const dated = <T extends Record<string, unknown>>(row: T) =>
  Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]));

/** Rows read per page from the long lists (messages, notifications, analytics). */
const EXPORT_PAGE = 500;

/** A list read a page at a time after the last id, each row as the export shows it. */
async function* paged<Row extends { id: number }>(
  read: (page: { afterId: number; limit: number }) => Promise<Row[]>,
  show: (row: Row) => unknown = dated,
): AsyncGenerator<unknown> {
  let afterId = 0;
  for (;;) {
    const rows = await read({ afterId, limit: EXPORT_PAGE });
    for (const row of rows) yield show(row);
    if (rows.length < EXPORT_PAGE) return;
    afterId = rows[rows.length - 1]!.id;
  }
}

/** One top-level field of the document: a value, or a list produced one item at a time. */
export type Part = readonly [name: string, value: unknown];

/**
 * The document's fields in order. Each is read only when the writer reaches it, and the lists
 * that can grow without bound (the Shros, messages, notifications, analytics) are async lists
 * written one item at a time: the export never holds the whole document.
 */
async function* documentParts(
  deps: ShroDeps,
  account: NonNullable<Awaited<ReturnType<typeof findAccountRow>>>,
  images: Awaited<ReturnType<typeof listOwnUploads>>,
  now: Date,
): AsyncGenerator<Part> {
  const { db } = deps;
  const userId = account.id;
  const viewer = { id: account.id, username: account.username };
  const ownKeys = new Set(images.map((i) => i.key));

  yield ['format', 'shro-account-export'];
  yield ['version', EXPORT_FORMAT_VERSION];
  yield ['exportedAt', now.toISOString()];
  yield [
    'about',
    'Everything Shro keeps about your account. Box images you uploaded are in the images folder: ' +
      'a box\'s "imageFile" names its file. Other people appear by username only; the ids are your own.',
  ];
  yield ['profile', dated(account)];
  yield ['stats', await findStatsForExport(db, userId)];
  // Every achievement begun or unlocked, its progress as GET /api/achievements shows it (decision 147).
  yield [
    'achievements',
    (await getAchievements(db, userId, SOURCE_LOCALE, now))
      .filter((entry) => entry.isUnlocked || entry.progress > 0)
      .map((entry) => ({
        id: entry.id,
        name: entry.achievement.name,
        progress: entry.progress,
        requirement: entry.achievement.requirement,
        unlockedAt: entry.unlockedAt,
      })),
  ];
  yield [
    'shrosCreated',
    (async function* () {
      for (const id of await listOwnShroIds(db, userId)) {
        const shro = await presentedFor(deps, id, viewer);
        if (shro) yield withImageFiles(shro, ownKeys);
      }
    })(),
  ];
  const picks = await listPicksOnOthersShros(db, userId);
  yield [
    'picks',
    (async function* () {
      for (const pick of picks) {
        yield {
          shroId: pick.shroId,
          // The id the user knew the box by (decision 189), as in the Shro beside it.
          boxId: viewerBoxId(pick.shro, userId, pick.boxId),
          isCorrect: pick.isCorrect,
          pickedAt: iso(pick.pickedAt),
          removedFromHistoryAt: iso(pick.hiddenAt),
          shro: await presentedFor(deps, pick.shroId, viewer),
        };
      }
    })(),
  ];
  const pickedIds = new Set(picks.map((p) => p.shroId));
  yield [
    'shrosReceivedNotOpened',
    (async function* () {
      for (const id of await listReceivedShroIds(db, userId)) {
        if (pickedIds.has(id)) continue;
        const shro = await presentedFor(deps, id, viewer);
        if (shro) yield shro;
      }
    })(),
  ];
  yield ['reactions', (await listOwnReactions(db, userId)).map(dated)];
  yield ['shares', (await listSharesForExport(db, userId)).map(dated)];
  yield ['friends', (await listFriendsForExport(db, userId)).map(dated)];
  yield ['friendRequests', (await listFriendRequestsForExport(db, userId)).map(dated)];
  // Invite links the user made (never their tokens: only hashes are kept, and those stay out).
  yield ['invites', (await listInvitesForExport(db, userId)).map(dated)];
  yield ['messages', paged((page) => listMessagesForExport(db, userId, page))];
  yield ['notifications', paged((page) => listNotificationsForExport(db, userId, page))];
  yield ['authSessions', (await listAuthSessionsForExport(db, userId)).map(dated)];
  for (const part of Object.entries(await exportSafetyData(db, userId))) yield part;
  yield [
    'analyticsEvents',
    paged(
      (page) => listAnalyticsForExport(db, userId, page),
      ({ id: _id, ...event }) => dated(event),
    ),
  ];
  yield ['images', images.map((image) => ({ ...dated(image), file: imageFileOf(image.key) }))];
}

const isAsyncList = (value: unknown): value is AsyncIterable<unknown> =>
  typeof value === 'object' && value !== null && Symbol.asyncIterator in value;

/** The parts with every other person's id turned into their username, list items one at a time. */
async function* withUsernames(parts: AsyncIterable<Part>, byUsername: (value: unknown) => Promise<unknown>) {
  for await (const [name, value] of parts) {
    if (!isAsyncList(value)) {
      yield [name, await byUsername(value)] as const;
      continue;
    }
    yield [
      name,
      (async function* () {
        for await (const item of value) yield await byUsername(item);
      })(),
    ] as const;
  }
}

/** `JSON.stringify(value, null, 2)` for a value that sits `depth` levels deep. */
const pretty = (value: unknown, depth: number) =>
  JSON.stringify(value, null, 2).replaceAll('\n', `\n${'  '.repeat(depth)}`);

/**
 * The document as text, piece by piece: the same text as `JSON.stringify(document, null, 2)`
 * of the whole document, written as its parts and list items arrive.
 */
async function* documentText(parts: AsyncIterable<Part>): AsyncGenerator<string> {
  let fields = 0;
  yield '{';
  for await (const [name, value] of parts) {
    // As JSON.stringify does with an object's undefined fields: left out.
    if (value === undefined) continue;
    yield `${fields++ > 0 ? ',' : ''}\n  ${JSON.stringify(name)}: `;
    if (!isAsyncList(value)) {
      yield pretty(value, 1);
      continue;
    }
    let items = 0;
    yield '[';
    for await (const item of value) yield `${items++ > 0 ? ',' : ''}\n    ${pretty(item, 2)}`;
    yield items > 0 ? '\n  ]' : ']';
  }
  yield '\n}';
}

/**
 * Starts an export: what must hold before the first byte (the account exists: 404 otherwise;
 * the list of images) is read now; the JSON document is read as it is written
 * (`writeAccountExport`).
 */
export async function startAccountExport(deps: ShroDeps, userId: string, now = new Date()) {
  const account = await findAccountRow(deps.db, userId);
  if (!account) throw new HttpError(404, SERVER_MESSAGES.accountNotFound);
  const images = await listOwnUploads(deps.db, userId);
  // Each file reads the document anew: memory stays at one page of rows, at the cost of reading twice.
  const parts = () => withUsernames(documentParts(deps, account, images, now), othersByUsername(deps.db, userId));
  return {
    document: () => documentText(parts()),
    page: () => documentHtml(parts()),
    imageKeys: images.map((i) => i.key),
  };
}

/**
 * Writes the export into `archive` and finalizes it. The JSON document goes in as a stream the
 * archive pulls as it compresses (each part read when reached; a failure there fails the archive,
 * which cuts the download). Images are read one at a time, each once the archive has taken the
 * previous one in, so a slow download holds at most one in memory. A download that ends early
 * destroys the archive (Fastify does, when the connection closes) without an error: every wait
 * then stops, the document's reading with it, and this answers 'aborted', so nothing is left
 * waiting forever.
 */
export async function writeAccountExport(
  archive: Archiver,
  storage: UploadStorage,
  exported: Awaited<ReturnType<typeof startAccountExport>>,
): Promise<'written' | 'aborted'> {
  const gone = new AbortController();
  const stop = () => gone.abort(new Error('the download ended before the export was written'));
  archive.once('close', stop);
  if (archive.destroyed) stop();
  const untilGone = new Promise<never>((_, reject) =>
    gone.signal.addEventListener('abort', () => reject(gone.signal.reason), { once: true }),
  );
  // Only ever awaited inside a race; never an unhandled rejection on its own.
  untilGone.catch(() => {});
  const taken = () => once(archive, 'entry', { signal: gone.signal });
  const document = Readable.from(exported.document());
  const page = Readable.from(exported.page());
  try {
    let next = taken();
    archive.append(document, { name: EXPORT_JSON_NAME });
    await next;
    next = taken();
    archive.append(page, { name: EXPORT_HTML_NAME });
    await next;
    for (const key of exported.imageKeys) {
      const data = await Promise.race([storage.read(key), untilGone]);
      if (!data) continue;
      next = taken();
      archive.append(data, { name: imageFileOf(key) });
      await next;
    }
    await Promise.race([archive.finalize(), untilGone]);
    return 'written';
  } catch (error) {
    if (gone.signal.aborted) return 'aborted';
    throw error;
  } finally {
    archive.off('close', stop);
    // Ends the documents' reading if the archive stopped before them (their generators return).
    document.destroy();
    page.destroy();
  }
}
