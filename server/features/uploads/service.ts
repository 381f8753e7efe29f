import type { Db } from '../../db/client';
import { notFound } from '../../lib/http-errors';
import type { ProcessedImage } from '../../lib/images';
import { findUpload, mayViewBoxImage, type UploadRow } from './queries';
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

/** The public path an upload is served at. */
export const uploadUrl = (key: string) => `/api/uploads/${key}`;

/**
 * The bytes of an upload for this viewer. Avatars are public; a box image only reaches the
 * creator of its Shro or someone who opened that box. Everyone else gets the same 404 as for a
 * key that does not exist, so unopened images cannot even be confirmed to exist.
 */
export async function readUploadFor(
  db: Db,
  storage: UploadStorage,
  key: string,
  viewerId: string | null,
): Promise<{ data: Buffer; contentType: string }> {
  const missing = () => notFound('Image not found');
  if (!UPLOAD_KEY_PATTERN.test(key)) throw missing();
  const upload = await findUpload(db, key);
  if (!upload) throw missing();
  if (upload.kind !== 'avatar') {
    if (!viewerId || !(await mayViewBoxImage(db, key, viewerId))) throw missing();
  }
  const data = await storage.read(key);
  if (!data) throw missing();
  return { data, contentType: upload.contentType };
}
