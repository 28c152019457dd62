import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { STORAGE_KEY, StagingFileStore, type ByteRange, type StagedBytes, type StoredStat } from './file-store';

export interface S3Settings {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

/** The S3 client of these settings (also used by the resumable-upload store). */
export function s3Client(settings: S3Settings): S3Client {
  const config: S3ClientConfig = {
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Checksums only when S3 asks: several S3-compatible stores refuse the newer default trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
  return new S3Client(config);
}

const missing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

/**
 * Kept files in an S3-compatible bucket under their storage key (`<2 hex>/<uuid>`). Files being
 * received are staged in the OS temporary folder (never under DATA_DIR) and uploaded by `commit`;
 * the bucket is the only place a kept file lives, so any number of API processes share it.
 */
export class S3FileStore extends StagingFileStore {
  readonly client: S3Client;
  readonly bucket: string;

  constructor(settings: S3Settings, options: { tempDir?: string; tempGraceMs?: number; client?: S3Client } = {}) {
    // Several processes may share the OS temporary folder: clean-up spares files younger than a day.
    super(options.tempDir ?? join(tmpdir(), 'bansi-file-staging'), options.tempGraceMs ?? 24 * 3_600_000);
    this.client = options.client ?? s3Client(settings);
    this.bucket = settings.bucket;
  }

  private check(key: string): string {
    if (!STORAGE_KEY.test(key)) throw new Error(`not a storage key: ${key}`);
    return key;
  }

  async commit(staged: StagedBytes, key: string): Promise<void> {
    // A single PUT with its length: S3 stores it whole or not at all (no partial object is visible).
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.check(key),
        Body: createReadStream(staged.tempPath),
        ContentLength: staged.size,
        ContentType: staged.mediaType,
        Metadata: { sha256: staged.sha256 },
      }),
    );
    await rm(staged.tempPath, { force: true });
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.check(key) }));
  }

  async openRead(key: string, range?: ByteRange): Promise<Readable> {
    try {
      const res = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.check(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
      return res.Body as Readable;
    } catch (err) {
      if (missing(err)) throw Object.assign(new Error(`no object ${key}`), { code: 'ENOENT' });
      throw err;
    }
  }

  async stat(key: string): Promise<StoredStat | null> {
    try {
      const res = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.check(key) }));
      return { size: Number(res.ContentLength ?? 0), modifiedAt: res.LastModified ?? new Date(0) };
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  }

  async *keys(): AsyncIterable<string> {
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token }));
      // The bucket also holds resumable uploads (`uploads/…`): only storage keys are files.
      for (const object of page.Contents ?? []) if (object.Key && STORAGE_KEY.test(object.Key)) yield object.Key;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}
