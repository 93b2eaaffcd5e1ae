import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
  type CompletedPart,
} from '@aws-sdk/client-s3';
import { STORED_NAME, type FileStore, type OpenedFile, type ReceivedFile } from './files.ts';

/** `S3_*` (config.ts): where the bucket is and how to sign for it. */
export interface S3Settings {
  /** `S3_ENDPOINT`: an S3-compatible server (MinIO, s3rver…); AWS itself without it. */
  endpoint?: string | undefined;
  bucket: string;
  region: string;
  /** Without them the SDK's own chain (AWS_* variables, instance role) is used. */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** `S3_FORCE_PATH_STYLE`: `http://host/bucket/key` rather than `http://bucket.host/key`. */
  forcePathStyle: boolean;
}

/**
 * Smallest part S3 accepts but for the last one. An upload up to this size is one PutObject; a
 * larger one is sent as parts of about this size, so one upload never holds more in memory.
 */
export const S3_PART_BYTES = 5 * 1024 * 1024;

/** Unfinished uploads live under this prefix until commit (see `s3Store`). */
export const S3_TEMP_PREFIX = 'tmp/';

export function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.accessKeyId && settings.secretAccessKey
      ? {
          credentials: {
            accessKeyId: settings.accessKeyId,
            secretAccessKey: settings.secretAccessKey,
          },
        }
      : {}),
    // Checksums only where S3 requires them: several S3-compatible servers reject the SDK's
    // default CRC headers and trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // An unreachable store fails a request within seconds instead of hanging it.
    requestHandler: { connectionTimeout: 5000 },
  });
}

const notFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' ||
    error.name === 'NotFound' ||
    error.$metadata.httpStatusCode === 404);

/**
 * Files under `prefix` (`attachments/`, `releases/`) of one bucket.
 *
 * `receive` writes a temporary object (`tmp/<prefix><name>`) and `commit` copies it under its name
 * (a server-side copy: no byte passes through the cloud again) and deletes the temporary one.
 * Chosen over a multipart upload completed at commit because what a crash leaves behind is then
 * an ordinary object that `removeStale` finds with ListObjectsV2 on any S3-compatible server;
 * abandoned multipart uploads are invisible to listing, and ListMultipartUploads and
 * AbortMultipartUpload are not implemented everywhere (s3rver has neither). Uploads larger than
 * one part still go up as a multipart upload of the temporary object, part by part as they
 * arrive; `removeStale` also aborts such uploads where the server can list them (a bucket
 * lifecycle rule "abort incomplete multipart uploads" does the same elsewhere).
 */
export function s3Store(client: S3Client, bucket: string, prefix: string): FileStore {
  const valid = (name: string) => STORED_NAME.test(name) && !/^\.+$/.test(name);
  const keyOf = (name: string) => {
    if (!valid(name)) throw new Error(`bad stored file name ${name}`);
    return `${prefix}${name}`;
  };
  const tempPrefix = `${S3_TEMP_PREFIX}${prefix}`;
  const tempOf = (name: string) => `${S3_TEMP_PREFIX}${keyOf(name)}`;
  const removeKey = async (key: string) => {
    await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
  };
  const quietlyRemove = (key: string) => removeKey(key).catch(() => {});

  /** Sends `source` to `key`: one PutObject, or a multipart upload once a part is full. */
  async function send(key: string, source: AsyncIterable<Buffer> | Iterable<Buffer>) {
    let size = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let uploadId: string | undefined;
    const parts: CompletedPart[] = [];
    const sendPart = async () => {
      uploadId ??= (
        await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: key }))
      ).UploadId;
      const body = Buffer.concat(pending, pendingBytes);
      pending = [];
      pendingBytes = 0;
      const PartNumber = parts.length + 1;
      const { ETag } = await client.send(
        new UploadPartCommand({
          Bucket: bucket,
          Key: key,
          UploadId: uploadId,
          PartNumber,
          Body: body,
          ContentLength: body.length,
        }),
      );
      parts.push({ ETag, PartNumber });
    };
    try {
      for await (const chunk of source) {
        size += chunk.length;
        pending.push(chunk);
        pendingBytes += chunk.length;
        if (pendingBytes >= S3_PART_BYTES) await sendPart();
      }
      if (uploadId === undefined) {
        const body = Buffer.concat(pending, pendingBytes);
        await client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: key,
            Body: body,
            ContentLength: body.length,
          }),
        );
      } else {
        if (pendingBytes > 0) await sendPart();
        await client.send(
          new CompleteMultipartUploadCommand({
            Bucket: bucket,
            Key: key,
            UploadId: uploadId,
            MultipartUpload: { Parts: parts },
          }),
        );
      }
    } catch (error) {
      if (uploadId !== undefined) {
        await client
          .send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId }))
          .catch(() => {});
      }
      throw error;
    }
    return size;
  }

  async function open(name: string): Promise<OpenedFile | null> {
    if (!valid(name)) return null;
    try {
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: keyOf(name) }));
      return { stream: answer.Body as Readable, size: answer.ContentLength ?? 0 };
    } catch (error) {
      if (notFound(error)) return null;
      throw error;
    }
  }

  async function removeStaleUploads(before: number): Promise<number> {
    let removed = 0;
    try {
      let KeyMarker: string | undefined;
      let UploadIdMarker: string | undefined;
      do {
        const page = await client.send(
          new ListMultipartUploadsCommand({
            Bucket: bucket,
            Prefix: tempPrefix,
            KeyMarker,
            UploadIdMarker,
          }),
        );
        for (const upload of page.Uploads ?? []) {
          if (!upload.Key || !upload.UploadId || (upload.Initiated?.getTime() ?? 0) >= before)
            continue;
          await client.send(
            new AbortMultipartUploadCommand({
              Bucket: bucket,
              Key: upload.Key,
              UploadId: upload.UploadId,
            }),
          );
          removed += 1;
        }
        KeyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
        UploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
      } while (KeyMarker);
    } catch (error) {
      // Servers without ListMultipartUploads (s3rver): a lifecycle rule has to do it there.
      if (!(error instanceof S3ServiceException && error.name === 'NotImplemented')) throw error;
    }
    return removed;
  }

  return {
    async put(name, data) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: keyOf(name),
          Body: data,
          ContentLength: data.length,
        }),
      );
    },

    async receive(name, source): Promise<ReceivedFile> {
      const final = keyOf(name);
      const temp = tempOf(name);
      let size: number;
      try {
        size = await send(temp, source);
      } catch (error) {
        await quietlyRemove(temp);
        throw error;
      }
      let committed = false;
      return {
        size,
        async commit() {
          await client.send(
            new CopyObjectCommand({ Bucket: bucket, Key: final, CopySource: `${bucket}/${temp}` }),
          );
          committed = true;
          // A temporary object left over here is removed by removeStale.
          await quietlyRemove(temp);
        },
        async discard() {
          await quietlyRemove(committed ? final : temp);
          if (committed) await quietlyRemove(temp);
        },
      };
    },

    async read(name) {
      return (await open(name))?.stream ?? null;
    },

    open,

    async has(name) {
      if (!valid(name)) return false;
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: keyOf(name) }));
        return true;
      } catch (error) {
        if (notFound(error)) return false;
        throw error;
      }
    },

    async remove(name) {
      await removeKey(keyOf(name));
    },

    async removeStale(maxAgeMs) {
      const before = Date.now() - maxAgeMs;
      let removed = 0;
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: tempPrefix, ContinuationToken }),
        );
        for (const object of page.Contents ?? []) {
          if (!object.Key || (object.LastModified?.getTime() ?? 0) >= before) continue;
          await removeKey(object.Key);
          removed += 1;
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return removed + (await removeStaleUploads(before));
    },

    async check() {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    },
  };
}
