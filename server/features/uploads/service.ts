import type { Db } from '../../db/client';
import { notFound, payloadTooLarge, SERVER_MESSAGES } from '../../lib/http-errors';
import type { ProcessedImage } from '../../lib/images';
import { isSuspendedUntil } from '../moderation/suspension';
import {
  findUpload,
  insertUploads,
  lockUploadsOf,
  mayViewBoxImage,
  storedBytesOf,
  suspendedUntilOf,
  type UploadRow,
} from './queries';
import { newUploadKey, UPLOAD_KEY_PATTERN, type UploadStorage } from './storage';

export type UploadKind = UploadRow['kind'];

/** A stored file plus the `uploads` row to insert in the caller's transaction. */
export interface StoredImage {
  key: string;
  row: {
    key: string;
    ownerId: string;
    kind: UploadKind;
    contentType: string;
    width: number;
    height: number;
    byteSize: number;
    sha256: string;
  };
}

/**
 * Writes re-encoded images to storage under fresh keys. The caller inserts the rows in its own
 * transaction and calls `storage.remove` when that transaction fails, so no file outlives it.
 */
export async function storeImages(
  storage: UploadStorage,
  ownerId: string,
  kind: UploadKind,
  images: ProcessedImage[],
): Promise<StoredImage[]> {
  const stored: StoredImage[] = [];
  try {
    for (const image of images) {
      const key = newUploadKey();
      await storage.save(key, image.data);
      stored.push({
        key,
        row: {
          key,
          ownerId,
          kind,
          contentType: image.contentType,
          width: image.width,
          height: image.height,
          byteSize: image.data.length,
          sha256: image.sha256,
        },
      });
    }
  } catch (error) {
    await storage.remove(stored.map((s) => s.key)).catch(() => {});
    throw error;
  }
  return stored;
}

const MB = 1024 * 1024;
const sizeLabel = (bytes: number) =>
  bytes >= MB ? `${Number((bytes / MB).toFixed(1))} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** The 413 message of a full quota. */
const quotaFullMessage = (quotaBytes: number) =>
  `You have used your ${sizeLabel(quotaBytes)} of image storage. Delete some Shros to upload more.`;

export interface QuotaCheck {
  /** Uploads left out of the total: an avatar about to be replaced. */
  exceptKeys?: string[];
  /** A kind left out of the total: before the body is read, the avatar a new one will replace. */
  exceptKind?: UploadKind;
}

/**
 * 413 unless the owner has room for `incomingBytes` more of stored images. A cheap early check
 * (before reading and decoding, and again before writing files); `insertUploadsWithinQuota` is
 * the exact one. Nothing incoming, nothing to check.
 */
export async function checkUploadQuota(
  db: Db,
  quotaBytes: number,
  ownerId: string,
  incomingBytes: number,
  except: QuotaCheck = {},
): Promise<void> {
  // A quota of 0 (or less) turns the check off.
  if (incomingBytes <= 0 || quotaBytes <= 0) return;
  const used = await storedBytesOf(db, ownerId, except);
  if (used + incomingBytes > quotaBytes) throw payloadTooLarge(quotaFullMessage(quotaBytes));
}

/**
 * Inserts the rows of stored images inside the caller's transaction, after locking the owner's
 * uploads and counting them again: of two uploads at once that each fit but not together, the
 * second is refused with 413 (and its caller removes its files).
 */
export async function insertUploadsWithinQuota(
  tx: Db,
  quotaBytes: number,
  ownerId: string,
  rows: StoredImage['row'][],
): Promise<void> {
  if (rows.length === 0) return;
  await lockUploadsOf(tx, ownerId);
  const incoming = rows.reduce((total, row) => total + row.byteSize, 0);
  await checkUploadQuota(tx, quotaBytes, ownerId, incoming);
  await insertUploads(tx, rows);
}

/** The public path an upload is served at. */
export const uploadUrl = (key: string) => `/api/uploads/${key}`;

/**
 * The upload row for this viewer. Avatars are public, but for a suspended owner's while the
 * suspension lasts (decision 107); a box image only reaches the creator of its Shro or someone
 * who opened that box. Everyone else gets the same 404 as for a key that does not exist, so
 * unopened images cannot even be confirmed to exist.
 */
export async function findUploadFor(db: Db, key: string, viewerId: string | null): Promise<UploadRow> {
  const missing = () => notFound(SERVER_MESSAGES.imageNotFound);
  if (!UPLOAD_KEY_PATTERN.test(key)) throw missing();
  const upload = await findUpload(db, key);
  if (!upload) throw missing();
  if (upload.kind !== 'avatar') {
    if (!viewerId || !(await mayViewBoxImage(db, key, viewerId))) throw missing();
  } else if (upload.ownerId !== viewerId && isSuspendedUntil(await suspendedUntilOf(db, upload.ownerId))) {
    throw missing();
  }
  return upload;
}

/** The stored bytes of an upload the viewer may see (`findUploadFor`); 404 when its file is gone. */
export async function readUploadFile(storage: UploadStorage, upload: UploadRow): Promise<Buffer> {
  const data = await storage.read(upload.key);
  if (!data) throw notFound(SERVER_MESSAGES.imageNotFound);
  return data;
}
