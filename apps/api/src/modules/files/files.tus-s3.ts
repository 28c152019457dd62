import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, type S3Client, type _Object } from '@aws-sdk/client-s3';
import { DataStore, ERRORS, Upload } from '@tus/server';

const PREFIX = 'uploads/';
const infoKey = (id: string) => `${PREFIX}${id}.info`;
const chunkPrefix = (id: string) => `${PREFIX}${id}/`;
/** Chunks are named by their offset, zero-padded so that listing order is byte order. */
const chunkKey = (id: string, offset: number) => `${chunkPrefix(id)}${String(offset).padStart(16, '0')}`;

const missing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

/**
 * A tus data store whose whole state lives in the S3 bucket, so that an upload begun through one
 * API process is resumed through any other (DESIGN §8.6): the upload's info is `uploads/<id>.info`
 * (JSON), and every PATCH adds one object `uploads/<id>/<offset>` holding the bytes that arrived —
 * also when the connection dropped half-way (they are first spooled to the OS temporary folder,
 * then put with their length). The offset is the sum of the chunks. Only plain PUT, GET, LIST and
 * DELETE are used, so any S3-compatible store (and s3rver in the tests) serves it.
 * (@tus/s3-store needs ListParts, which s3rver and some S3-compatible stores lack — decision 051.)
 */
export class S3ChunkTusStore extends DataStore {
  private readonly spool = join(tmpdir(), 'bansi-tus-spool');

  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
  ) {
    super();
    this.extensions = ['creation', 'creation-with-upload', 'termination'];
  }

  override async create(upload: Upload): Promise<Upload> {
    upload.creation_date ??= new Date().toISOString();
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: infoKey(upload.id),
        Body: JSON.stringify({ id: upload.id, size: upload.size, metadata: upload.metadata, creation_date: upload.creation_date }),
        ContentType: 'application/json',
      }),
    );
    return upload;
  }

  /** The upload's info without its offset; undefined when there is no such upload. */
  async info(id: string): Promise<Upload | undefined> {
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: infoKey(id) }));
      const raw = JSON.parse(await res.Body!.transformToString('utf8')) as ConstructorParameters<typeof Upload>[0];
      return new Upload({ ...raw, offset: 0 });
    } catch (err) {
      if (missing(err)) return undefined;
      throw err;
    }
  }

  private async chunks(id: string): Promise<_Object[]> {
    const out: _Object[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: chunkPrefix(id), ContinuationToken: token }));
      out.push(...(page.Contents ?? []));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return out.sort((a, b) => (a.Key! < b.Key! ? -1 : 1));
  }

  override async getUpload(id: string): Promise<Upload> {
    const info = await this.info(id);
    if (!info) throw ERRORS.FILE_NOT_FOUND;
    const offset = (await this.chunks(id)).reduce((sum, c) => sum + Number(c.Size ?? 0), 0);
    return new Upload({ ...info, offset });
  }

  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    await mkdir(this.spool, { recursive: true });
    const path = join(this.spool, `${id}.${randomUUID()}`);
    let received = 0;
    const meter = new PassThrough();
    meter.on('data', (chunk: Buffer) => {
      received += chunk.length;
    });
    let failure: unknown = null;
    try {
      await pipeline(readable, meter, createWriteStream(path)).catch((err: unknown) => {
        failure = err;
      });
      // What arrived before a dropped connection is kept: the client resumes after it.
      if (received > 0) {
        await this.client.send(
          new PutObjectCommand({ Bucket: this.bucket, Key: chunkKey(id, offset), Body: createReadStream(path), ContentLength: received }),
        );
      }
    } finally {
      await rm(path, { force: true });
    }
    if (failure) throw failure;
    return offset + received;
  }

  /** The first `length` bytes of an upload (to check what kind of file it is becoming). */
  async head(id: string, length: number): Promise<Buffer> {
    const parts: Buffer[] = [];
    let have = 0;
    for await (const chunk of this.read(id) as AsyncIterable<Buffer>) {
      parts.push(chunk);
      have += chunk.length;
      if (have >= length) break;
    }
    return Buffer.concat(parts).subarray(0, length);
  }

  /** Every byte of the upload in order. */
  read(id: string): Readable {
    const chunks = () => this.chunks(id);
    const open = async (key: string) => (await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }))).Body as Readable;
    return Readable.from(
      (async function* () {
        for (const chunk of await chunks()) yield* await open(chunk.Key!);
      })(),
      { objectMode: false },
    );
  }

  override async remove(id: string): Promise<void> {
    // Chunks first, the info last: a remove cut short leaves an upload that clean-up finds again.
    for (const chunk of await this.chunks(id)) await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: chunk.Key! }));
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: infoKey(id) }));
  }

  /** Every upload id with its info's age (for clean-up). */
  async *uploads(): AsyncIterable<{ id: string; modifiedAt: Date }> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: PREFIX, Delimiter: '/', ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key?.endsWith('.info')) yield { id: object.Key.slice(PREFIX.length, -5), modifiedAt: object.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}
