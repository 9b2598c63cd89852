import { Transform, type Readable } from 'node:stream';
import type * as S3 from '@aws-sdk/client-s3';
import { assertSafeKey, assertSafePrefix } from './keys.ts';
import { MissingObjectError } from './missing-object.ts';
import type { StorageDriver } from './types.ts';

export type S3Options = {
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
};

// A multipart upload holds about (queue + 1) parts in memory: 5 MiB parts (S3's minimum), two
// in flight. 5 MiB x 10,000 parts (S3's limit) allows objects of 48 GiB.
const PART_SIZE = 5 * 1024 * 1024;
const QUEUE_SIZE = 2;

/**
 * Bytes in an S3-compatible bucket (AWS, MinIO, Ceph...). The SDK is loaded on first use, so a
 * server on local disk never pays for it.
 */
export function createS3Driver(options: S3Options): StorageDriver & { close(): Promise<void> } {
  const Bucket = options.bucket;
  let loaded: Promise<{ client: S3.S3Client; sdk: typeof S3 }> | null = null;

  const load = () =>
    (loaded ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: options.region,
        forcePathStyle: options.forcePathStyle,
        ...(options.endpoint ? { endpoint: options.endpoint } : {}),
        ...(options.accessKeyId && options.secretAccessKey
          ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
          : {}),
        // Checksums only where S3 demands them: many S3-compatible services reject the
        // streaming checksum trailers newer SDKs send by default.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    })));

  const missing = (err: unknown) => {
    const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
    return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
  };

  return {
    kind: 's3',

    async put(key, body, putOptions) {
      assertSafeKey(key);
      const { client } = await load();
      const { Upload } = await import('@aws-sdk/lib-storage');
      let size = 0;
      const count = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          done(null, chunk);
        },
      });
      // An error of the source (a size limit, a broken request) must end the upload too.
      body.on('error', (err) => count.destroy(err));
      body.pipe(count);
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: count, ContentType: putOptions?.contentType ?? 'application/octet-stream' },
        partSize: PART_SIZE,
        queueSize: QUEUE_SIZE,
        // A failed multipart upload is aborted, so its parts do not linger (and cost) in the bucket.
        leavePartsOnError: false,
      });
      await upload.done();
      return { size };
    },

    async get(key, range) {
      assertSafeKey(key);
      const { client, sdk } = await load();
      try {
        const answer = await client.send(
          new sdk.GetObjectCommand({
            Bucket,
            Key: key,
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        return answer.Body as Readable;
      } catch (err) {
        if (missing(err)) throw new MissingObjectError(key);
        throw err;
      }
    },

    async stat(key) {
      assertSafeKey(key);
      const { client, sdk } = await load();
      try {
        const answer = await client.send(new sdk.HeadObjectCommand({ Bucket, Key: key }));
        return { size: answer.ContentLength ?? 0 };
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },

    async delete(key) {
      assertSafeKey(key);
      const { client, sdk } = await load();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }));
    },

    async deletePrefix(prefix) {
      assertSafePrefix(prefix);
      const { client, sdk } = await load();
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new sdk.ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
        const keys = (page.Contents ?? []).flatMap((c) => (c.Key ? [{ Key: c.Key }] : []));
        if (keys.length)
          await client.send(new sdk.DeleteObjectsCommand({ Bucket, Delete: { Objects: keys, Quiet: true } }));
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },

    async close() {
      if (loaded) (await loaded).client.destroy();
    },

    async check() {
      try {
        const { client, sdk } = await load();
        await client.send(new sdk.HeadBucketCommand({ Bucket }));
        return true;
      } catch {
        return false;
      }
    },
  };
}
