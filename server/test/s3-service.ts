// The AWS SDK warns once per process that its 2027 releases will need Node 22; tests need not say it.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3Settings } from '../config';

/**
 * A real S3-compatible service for tests (s3rver: S3's REST API over HTTP, signatures checked,
 * objects on disk in a temp folder), so the S3 store is tested through the AWS SDK and the wire,
 * not against a mock of the SDK (docs/decisions/138-images-in-s3.md).
 */
export interface S3Service {
  /** Settings of a store on this service's bucket, as S3_* would give them. */
  settings: S3Settings;
  /** The S3_* environment that gives `settings`. */
  env: Record<string, string>;
  /** The object names in the bucket, as stored (prefix included). */
  objectNames(): Promise<string[]>;
  close(): Promise<void>;
}

/** s3rver's fixed credentials: any others are refused with 403, as S3 would. */
const ACCESS_KEY = 'S3RVER';

export async function startS3Service({ bucket = 'shro-test', prefix = 'uploads/' } = {}): Promise<S3Service> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'shro-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const env = {
    S3_BUCKET: bucket,
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_REGION: 'us-east-1',
    S3_PREFIX: prefix,
    S3_ACCESS_KEY_ID: ACCESS_KEY,
    S3_SECRET_ACCESS_KEY: ACCESS_KEY,
  };
  const credentials = { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY };
  return {
    settings: {
      bucket,
      region: 'us-east-1',
      endpoint: env.S3_ENDPOINT,
      forcePathStyle: true,
      prefix,
      credentials,
    },
    env,
    async objectNames() {
      // Listed by a client of its own, not through the store under test.
      const client = new S3Client({
        region: 'us-east-1',
        endpoint: env.S3_ENDPOINT,
        forcePathStyle: true,
        credentials,
      });
      try {
        const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
        return (listed.Contents ?? []).map((object) => object.Key!).sort();
      } finally {
        client.destroy();
      }
    },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
