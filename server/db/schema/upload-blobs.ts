import { customType, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** PostgreSQL `bytea` as a Buffer; PGlite hands back a plain Uint8Array, node-postgres a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * The bytes of uploaded images when they are kept in the database (with DATABASE_URL, so that
 * any instance serves any image: docs/decisions/101-images-in-the-database.md). Keyed like the
 * files of the folder store, with no reference to `uploads`: the bytes are written before the
 * row is inserted in the caller's transaction, exactly as a file is.
 */
export const uploadBlobs = pgTable('upload_blobs', {
  key: text('key').primaryKey(),
  data: bytea('data').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
