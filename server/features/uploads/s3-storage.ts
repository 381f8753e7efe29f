import type { S3Client } from '@aws-sdk/client-s3';
import { asc, gt, inArray } from 'drizzle-orm';
import type { S3Settings } from '../../config';
import type { Db } from '../../db/client';
import { uploadBlobs } from '../../db/schema/index';
import { serviceUnavailable } from '../../lib/http-errors';
import { hotImages } from './hot-images';
import { checkedKey, UPLOAD_KEY_PATTERN, type UploadStorage, type UploadStorageOptions } from './storage';

/**
 * The S3 store (docs/decisions/138-images-in-s3.md): one object per image, `<S3_PREFIX><key>.webp`
 * in S3_BUCKET, through the official AWS SDK, so that any instance serves any image whatever its
 * database. Chosen whenever S3_BUCKET is set.
 */
export interface S3Storage extends UploadStorage {
  /** Every stored image's key with its last change, a page (up to 1,000) at a time. */
  listed(): AsyncGenerator<{ key: string; modifiedAt: Date }[]>;
  /** Closes the client's connections. */
  close(): void;
}

/** Objects per DeleteObjects request: S3's limit. */
const DELETE_BATCH = 1000;

const notFoundName = (error: unknown) => {
  const name = (error as { name?: string } | null)?.name;
  return name === 'NoSuchKey' || name === 'NotFound';
};

export async function createS3Storage(
  settings: S3Settings,
  { quotaBytesPerUser = Number.POSITIVE_INFINITY }: UploadStorageOptions = {},
): Promise<S3Storage> {
  // Loaded only when S3 is configured: the SDK is large, and most instances never need it.
  const sdk = await import('@aws-sdk/client-s3');
  const client: S3Client = new sdk.S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    // Other S3-compatible services do not all accept the checksums AWS's SDK adds by default
    // since 2025; with a custom endpoint they are sent only where the API requires them.
    ...(settings.endpoint
      ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' }
      : {}),
    // A store that does not answer must not hold a request for minutes.
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 15_000 },
    maxAttempts: 2,
  });
  const { bucket, prefix } = settings;
  const objectKey = (key: string) => `${prefix}${checkedKey(key)}.webp`;
  const keyOf = (objectName: string | undefined) => {
    if (!objectName?.startsWith(prefix) || !objectName.endsWith('.webp')) return undefined;
    const key = objectName.slice(prefix.length, -'.webp'.length);
    return UPLOAD_KEY_PATTERN.test(key) ? key : undefined;
  };
  // The store is a network away: when it fails (down, refusing the credentials, timing out), a
  // request answers 503 "try again" rather than 500; the error handler logs the cause.
  const unavailable = (error: unknown): never => {
    throw serviceUnavailable(error);
  };
  const hot = hotImages();

  async function* listed() {
    let ContinuationToken: string | undefined;
    do {
      const page = await client
        .send(new sdk.ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken }))
        .catch(unavailable);
      yield (page.Contents ?? []).flatMap((object) => {
        const key = keyOf(object.Key);
        // An object of unknown age is never taken for an old one (the orphan sweep removes those).
        return key && object.LastModified ? [{ key, modifiedAt: object.LastModified }] : [];
      });
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  return {
    quotaBytesPerUser,
    async save(key, data) {
      await client
        .send(
          new sdk.PutObjectCommand({
            Bucket: bucket,
            Key: objectKey(key),
            Body: data,
            ContentType: 'image/webp',
            // Keys are never reused: whatever serves the object may keep it for a year.
            CacheControl: 'private, max-age=31536000, immutable',
          }),
        )
        .catch(unavailable);
    },
    read: (key) =>
      hot.read(key, async () => {
        try {
          const object = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
          return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
        } catch (error) {
          if (notFoundName(error)) return null;
          return unavailable(error);
        }
      }),
    async remove(keys) {
      hot.forget(keys);
      const unique = [...new Set(keys)];
      for (let i = 0; i < unique.length; i += DELETE_BATCH) {
        const Objects = unique.slice(i, i + DELETE_BATCH).map((key) => ({ Key: objectKey(key) }));
        const answer = await client
          .send(new sdk.DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects, Quiet: true } }))
          .catch(unavailable);
        // Deleting what is already gone is not an error in S3; anything else is.
        const failed = (answer.Errors ?? []).filter((error) => error.Code !== 'NoSuchKey');
        if (failed.length > 0)
          unavailable(new Error(`S3 refused to delete ${failed.length} images: ${failed[0]?.Code}`));
      }
    },
    async count() {
      let total = 0;
      for await (const page of listed()) total += page.length;
      return total;
    },
    listed,
    close: () => client.destroy(),
  };
}

/** Rows of `upload_blobs` moved per round: bytes of up to this many images are held at once. */
const MOVE_BATCH = 20;

/**
 * Moves the images an instance stored in PostgreSQL (`upload_blobs`, decision 101) before it had
 * S3 into the bucket, deleting each row once its object is written. Safe to run again and from
 * several instances at once: writing a key twice writes the same bytes (keys are never reused).
 * Returns how many images were moved.
 */
export async function moveDatabaseIntoS3(db: Db, storage: UploadStorage): Promise<number> {
  let moved = 0;
  let after = '';
  for (;;) {
    const rows = await db
      .select({ key: uploadBlobs.key, data: uploadBlobs.data })
      .from(uploadBlobs)
      .where(gt(uploadBlobs.key, after))
      .orderBy(asc(uploadBlobs.key))
      .limit(MOVE_BATCH);
    if (rows.length === 0) return moved;
    for (const row of rows) await storage.save(row.key, row.data);
    const keys = rows.map((row) => row.key);
    await db.delete(uploadBlobs).where(inArray(uploadBlobs.key, keys));
    moved += rows.length;
    after = keys[keys.length - 1]!;
  }
}
