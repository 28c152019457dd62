import { createHash, randomUUID } from 'node:crypto';
import { open, readdir, readFile, rm, stat, type FileHandle } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import {
  API_BASE,
  FILE_KINDS,
  FilePaths,
  UPLOAD_FILE_ID_HEADER,
  UploadMetadata,
  isStaffRole,
  kindClaimedByName,
  type ErrorCode,
  type FileKind,
} from '@bansi/shared';
import type { S3Client } from '@aws-sdk/client-s3';
import { FileStore as TusFileStore } from '@tus/file-store';
import { Metadata, Server, type DataStore, type Upload } from '@tus/server';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { NodeRequest } from 'srvx/node';
import { AppError, conflict, invalid, notFound } from '../../lib/errors';
import { ContentSniffer } from '../../lib/file-sniff';
import { tooLarge, unsupportedKind, type FileCheck, type SeenBytes, type StagedFile } from '../../lib/file-store';
import { readableFileName } from '../../lib/file-names';
import { S3FileStore } from '../../lib/s3-file-store';
import { companyOf, type Principal } from '../../plugins/access';
import { fileOwner } from './files.owners';
import { existingFileIds, findFileById } from './files.repository';
import { actorOf, type Actor } from '../../lib/actor';
import { isClientError, keepStagedFile, type FilesDeps } from './files.service';
import type { FilesTable } from './files.tables';
import { S3ChunkTusStore } from './files.tus-s3';

/**
 * Resumable uploads (tus 1.0, https://tus.io/protocols/resumable-upload) at `/uploads`.
 *
 * - POST creates an upload; its `Upload-Metadata` names the owner, slot and file name
 *   (UploadMetadata). The owner authorizes it; size and the name's claimed kind are checked at once.
 * - PATCH appends from `Upload-Offset`; a dropped connection keeps what arrived, and HEAD tells the
 *   client where to resume. The first bytes are checked against the allowed kinds as they arrive.
 * - When the last byte arrives the file is checked in full (magic bytes, size, SHA-256) and moved
 *   into the FileStore with its `files` row as one unit (files.service.ts keepStagedFile); the upload
 *   id becomes the file id. A refused upload (413/415) is deleted entirely.
 *
 * Partial uploads live in `DATA_DIR/uploads` (survive restarts, expire after UPLOAD_EXPIRY_HOURS).
 */

const HEAD_BYTES = 8;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Metadata the server adds to an upload; a client cannot set these. */
interface ServerMetadata {
  companyId: string;
  createdBy: string;
  allowedKinds: string;
  maxBytes: string;
}
type StoredMetadata = UploadMetadata & ServerMetadata;
const SERVER_KEYS: (keyof ServerMetadata)[] = ['companyId', 'createdBy', 'allowedKinds', 'maxBytes'];

interface RequestContext {
  principal: Principal;
  /** who is uploading, for the audit entry of the kept file */
  actor: Actor;
  metadata?: Record<string, string>;
  /** the error a hook raised, answered as a problem instead of tus' plain-text body */
  error?: unknown;
}

const kindsOf = (csv: string | null | undefined): FileKind[] =>
  (csv ?? '').split(',').filter((k): k is FileKind => (FILE_KINDS as readonly string[]).includes(k));

/**
 * Checks the first bytes of an upload against its allowed kinds as they arrive; none once an
 * earlier PATCH brought them (`before`: the bytes already stored ahead of `offset`).
 */
class HeadCheck {
  refused = false;
  private constructor(
    private readonly sniffer: ContentSniffer,
    private seen: number,
    private readonly onRefused: () => void,
  ) {}

  static async at(offset: number, allowed: FileKind[], before: () => Promise<Buffer>, onRefused: () => void): Promise<HeadCheck | undefined> {
    if (offset >= HEAD_BYTES) return undefined;
    const sniffer = new ContentSniffer(allowed);
    if (offset > 0) sniffer.update(await before());
    return new HeadCheck(sniffer, offset, onRefused);
  }

  /**
   * Throws 415 at the first chunk that no allowed kind can start like. The refusal is told at once:
   * tus' pipeline may settle (as "aborted", 400) as soon as the write stops reading, before it returns.
   */
  update(chunk: Buffer) {
    if (this.seen >= HEAD_BYTES) return;
    this.sniffer.update(chunk.subarray(0, HEAD_BYTES - this.seen));
    this.seen += chunk.length;
    if (!this.sniffer.possible()) {
      this.refused = true;
      this.onRefused();
      throw unsupportedKind();
    }
  }
}

/** Runs a PATCH's write; after a refusal by its head check the upload is removed (once the write let go of it). */
async function refusable(check: HeadCheck | undefined, write: () => Promise<number>, remove: () => Promise<void>): Promise<number> {
  try {
    return await write();
  } catch (err) {
    if (check?.refused) await remove().catch(() => undefined);
    throw err;
  }
}

/**
 * The SHA-256 and content check of an upload, computed while its bytes arrive (docs/decisions/104),
 * so keeping a finished upload does not read it all again. It lives in the memory of the process
 * that received the upload's PATCHes: a PATCH at another offset than the bytes seen so far (a
 * PATCH that failed half-way, the upload resumed through another process or after a restart)
 * drops it, and the finished upload is then read again in full, as before — never a wrong hash.
 */
class RunningDigest {
  private readonly hash = createHash('sha256');
  readonly sniffer: ContentSniffer;
  offset = 0;
  constructor(readonly allowed: readonly FileKind[]) {
    this.sniffer = new ContentSniffer(allowed);
  }
  update(chunk: Buffer) {
    this.hash.update(chunk);
    this.sniffer.update(chunk);
    this.offset += chunk.length;
  }
  seen(): SeenBytes {
    return { size: this.offset, sha256: this.hash.digest('hex'), sniffer: this.sniffer };
  }
}

/** At most this many uploads in progress keep a running digest; the oldest one is dropped first. */
const MAX_RUNNING_DIGESTS = 512;

/**
 * Bytes of a PATCH go to disk in writes of at least this size. The network hands them over in
 * chunks of 64 KiB at most, and one write per chunk cost 4× the CPU of 1 MiB writes on ext4
 * (16,384 system calls per GB: 1.16 s against 0.29 s, docs/decisions/104).
 */
const WRITE_BATCH = 1024 * 1024;
/**
 * While an upload arrives, what was written is flushed to disk (fdatasync) every this many bytes,
 * so that the fsync after the last byte finds little left: for 1 GB it took ~1 s, ~0.05 s with
 * this, and the writes did not slow down (docs/decisions/104).
 */
const SYNC_BEHIND = 16 * 1024 * 1024;

/**
 * Appends to a file from `position`, one write of at least WRITE_BATCH bytes at a time (a writev
 * of the chunks as they came: no copy) while the next batch fills, so that hashing and receiving
 * go on during the write; and flushes to disk behind the writes (SYNC_BEHIND).
 */
class BatchedAppend {
  private batch: Buffer[] = [];
  private batched = 0;
  private unsynced = 0;
  private writing: Promise<void> = Promise.resolve();
  private syncing: Promise<void> | undefined;
  /** the first failed write or flush, raised by the next call */
  private failure: { error: unknown } | undefined;

  constructor(
    private readonly file: FileHandle,
    private position: number,
  ) {}

  /** Resolves when the next chunk may come (at most one batch waits while one is written). */
  async push(chunk: Buffer): Promise<void> {
    this.batch.push(chunk);
    this.batched += chunk.length;
    if (this.batched >= WRITE_BATCH) await this.flush();
  }

  /** Everything written: answers the offset after the last byte. */
  async end(): Promise<number> {
    const end = await this.flush();
    await this.writing;
    await this.syncing;
    this.raise();
    return end;
  }

  /** Starts writing what is batched once the write in progress is done; answers the offset after it. */
  private async flush(): Promise<number> {
    await this.writing;
    this.raise();
    const chunks = this.batch;
    const length = this.batched;
    this.batch = [];
    this.batched = 0;
    if (length > 0) {
      const at = this.position;
      this.position += length;
      this.writing = this.file.writev(chunks, at).then(
        ({ bytesWritten }) => {
          // libuv's writev writes every byte or fails; the check is for a file system that would not.
          if (bytesWritten !== length) this.fail(new Error(`short write: ${bytesWritten} of ${length} bytes`));
          else this.syncBehind(length);
        },
        (error: unknown) => this.fail(error),
      );
    }
    return this.position;
  }

  private syncBehind(written: number) {
    this.unsynced += written;
    if (this.syncing || this.unsynced < SYNC_BEHIND) return;
    this.unsynced = 0;
    this.syncing = this.file.datasync().then(
      () => {
        this.syncing = undefined;
      },
      (error: unknown) => {
        this.syncing = undefined;
        this.fail(error);
      },
    );
  }

  private fail(error: unknown) {
    this.failure ??= { error };
  }

  private raise() {
    if (this.failure) throw this.failure.error;
  }
}

/** The tus file store (FILE_STORE=local: partial uploads in DATA_DIR/uploads), checking first bytes. */
class CheckedTusStore extends TusFileStore {
  private readonly digests = new Map<string, RunningDigest>();

  // No tus "expiration" extension: with it, creation-with-upload re-reads the upload after it became a
  // file (404). Expired uploads are removed by our own clean-up (UPLOAD_EXPIRY_HOURS) instead.
  constructor(
    directory: string,
    private readonly onRefused: (id: string) => void,
  ) {
    super({ directory });
  }

  /**
   * Replaces tus' write (a fs.WriteStream: one write per network chunk): each chunk is checked,
   * fed to the running digest and appended in batches, in one loop without further streams.
   */
  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    const path = join(this.directory, id);
    const allowed = kindsOf(offset < HEAD_BYTES ? (await this.configstore.get(id))?.metadata?.allowedKinds : undefined);
    const digest = this.digestAt(id, offset, allowed);
    const check = await HeadCheck.at(
      offset,
      allowed,
      () => readHead(path, offset),
      () => this.onRefused(id),
    );
    return refusable(
      check,
      async () => {
        const file = await open(path, 'r+');
        const append = new BatchedAppend(file, offset);
        try {
          for await (const chunk of readable as AsyncIterable<Buffer>) {
            check?.update(chunk);
            digest?.update(chunk);
            await append.push(chunk);
          }
          return await append.end();
        } catch (err) {
          // tus ends the stream when a client aborts; a stream that fails instead still leaves what arrived
          // written, as tus' own store did: the client resumes after it.
          if (!check?.refused) await append.end().catch(() => undefined);
          throw err;
        } finally {
          await file.close();
        }
      },
      async () => {
        this.digests.delete(id);
        await this.remove(id);
      },
    );
  }

  /** The running digest that continues at `offset` (a new one at 0), or none. */
  private digestAt(id: string, offset: number, allowed: FileKind[]): RunningDigest | undefined {
    let digest = this.digests.get(id);
    this.digests.delete(id);
    if (offset === 0) digest = new RunningDigest(allowed);
    if (!digest || digest.offset !== offset) return undefined;
    this.digests.set(id, digest);
    if (this.digests.size > MAX_RUNNING_DIGESTS) this.digests.delete(this.digests.keys().next().value!);
    return digest;
  }

  /** What the PATCHes of this process saw of the upload, if they saw all of it with these allowed kinds. */
  takeSeen(id: string, allowed: readonly FileKind[]): SeenBytes | undefined {
    const digest = this.digests.get(id);
    this.digests.delete(id);
    if (!digest || digest.allowed.length !== allowed.length || digest.allowed.some((k, i) => k !== allowed[i])) return undefined;
    return digest.seen();
  }
}

/** Passes the bytes on, showing each chunk to `inspect` first (which may throw). */
function inspected(readable: Readable, inspect: (chunk: Buffer) => void): Readable {
  return Readable.from(
    (async function* () {
      for await (const chunk of readable as AsyncIterable<Buffer>) {
        inspect(chunk);
        yield chunk;
      }
    })(),
    { objectMode: false },
  );
}

/** The tus store of FILE_STORE=s3: every byte and the info in the bucket, checking first bytes. */
class CheckedS3TusStore extends S3ChunkTusStore {
  constructor(
    client: S3Client,
    bucket: string,
    private readonly onRefused: (id: string) => void,
  ) {
    super(client, bucket);
  }

  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    const info = offset < HEAD_BYTES ? await this.info(id) : undefined;
    const check = await HeadCheck.at(
      offset,
      kindsOf(info?.metadata?.allowedKinds),
      () => this.head(id, offset),
      () => this.onRefused(id),
    );
    return refusable(
      check,
      () => super.write(check ? inspected(readable, (chunk) => check.update(chunk)) : readable, id, offset),
      () => this.remove(id),
    );
  }
}

async function readHead(path: string, length: number): Promise<Buffer> {
  const file = await open(path, 'r');
  try {
    const buf = Buffer.alloc(length);
    const { bytesRead } = await file.read(buf, 0, length, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/**
 * Where partial uploads live: DATA_DIR/uploads on one machine (FILE_STORE=local), or the S3 bucket
 * shared by every API process (FILE_STORE=s3) so that any process resumes any upload.
 */
interface UploadArea {
  datastore: DataStore;
  /** the upload's info (metadata, size), or undefined */
  info(id: string): Promise<Upload | undefined>;
  /** checks a complete upload and stages it for the FileStore */
  stage(id: string, check: FileCheck): Promise<StagedFile>;
  /** after the upload became a file: what is left of it goes */
  forget(id: string): Promise<void>;
  remove(id: string): Promise<void>;
  cleanUp(kept: (ids: string[]) => Promise<Set<string>>, options: { graceMs: number; expiryMs: number; now: number }): Promise<number>;
}

function localArea(deps: FilesDeps, directory: string, onRefused: (id: string) => void): UploadArea {
  const store = new CheckedTusStore(directory, onRefused);
  const remove = async (id: string) => {
    await rm(join(directory, id), { force: true });
    await rm(join(directory, `${id}.json`), { force: true });
  };
  return {
    datastore: store,
    info: (id) => store.configstore.get(id),
    stage: (id, check) => deps.store.inspect(join(directory, id), check, store.takeSeen(id, check.allowedKinds)),
    forget: (id) => store.configstore.delete(id).catch(() => undefined),
    remove,
    async cleanUp(kept, { graceMs, expiryMs, now }) {
      let names: string[];
      try {
        names = await readdir(directory);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
        throw err;
      }
      const nameSet = new Set(names);
      const infoIds = names.filter((n) => n.endsWith('.json') && UUID.test(n.slice(0, -5))).map((n) => n.slice(0, -5));
      const done = await kept(infoIds);
      let removed = 0;
      for (const id of infoIds) {
        let info: Upload | null = null;
        if (!done.has(id) && nameSet.has(id)) {
          try {
            info = JSON.parse(await readFile(join(directory, `${id}.json`), 'utf8')) as Upload;
          } catch {
            info = null;
          }
          const created = info?.creation_date ? Date.parse(info.creation_date) : Number.NaN;
          if (info && Number.isFinite(created) && created + expiryMs >= now) continue;
        }
        await remove(id);
        removed += 1;
      }
      for (const name of names) {
        if (name.endsWith('.json') || nameSet.has(`${name}.json`)) continue;
        const st = await stat(join(directory, name)).catch(() => null);
        if (st && st.mtimeMs + graceMs <= now) {
          await rm(join(directory, name), { force: true, recursive: true });
          removed += 1;
        }
      }
      return removed;
    },
  };
}

function s3Area(deps: FilesDeps, fileStore: S3FileStore, onRefused: (id: string) => void): UploadArea {
  const store = new CheckedS3TusStore(fileStore.client, fileStore.bucket, onRefused);
  return {
    datastore: store,
    info: (id) => store.info(id),
    stage: (id, check) => deps.store.put(store.read(id), check),
    forget: (id) => store.remove(id),
    remove: (id) => store.remove(id),
    async cleanUp(kept, { graceMs, expiryMs, now }) {
      const all: { id: string; modifiedAt: Date }[] = [];
      for await (const upload of store.uploads()) if (UUID.test(upload.id)) all.push(upload);
      const done = await kept(all.map((u) => u.id));
      let removed = 0;
      for (const { id, modifiedAt } of all) {
        // Other processes may be finishing an upload right now: spare anything younger than the grace.
        if (modifiedAt.getTime() + graceMs > now) continue;
        if (!done.has(id) && modifiedAt.getTime() + expiryMs >= now) continue;
        await store.remove(id);
        removed += 1;
      }
      return removed;
    },
  };
}

const TUS_CODES: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  410: 'NOT_FOUND',
  412: 'BAD_REQUEST',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
};
/** tus headers that stay on a problem answer (a client needs them to understand it). */
const KEEP_ON_ERROR = ['tus-resumable', 'upload-offset', 'connection'];

export class Uploads {
  private tus: Server | null = null;
  private area: UploadArea | null = null;
  private readonly contexts = new WeakMap<object, RequestContext>();
  private readonly finalizing = new Map<string, Promise<FilesTable>>();
  private readonly refused = new Map<string, number>();

  constructor(
    private readonly deps: FilesDeps,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Where partial uploads are: DATA_DIR/uploads, or the bucket of the S3 FileStore. */
  private uploadArea(): UploadArea {
    if (!this.area) {
      const onRefused = (id: string) => {
        // Remembered briefly, so the route can answer the refusal as 415 whatever tus made of it.
        const now = Date.now();
        for (const [old, at] of this.refused) if (now - at > 60_000) this.refused.delete(old);
        this.refused.set(id, now);
      };
      this.area =
        this.deps.store instanceof S3FileStore
          ? s3Area(this.deps, this.deps.store, onRefused)
          : localArea(this.deps, resolve(this.deps.config.DATA_DIR, 'uploads'), onRefused);
    }
    return this.area;
  }

  /** Created on first use, so an app that never receives an upload never touches the disk. */
  private server(): { tus: Server; area: UploadArea } {
    const area = this.uploadArea();
    if (!this.tus) {
      this.tus = new Server({
        path: `${API_BASE}${FilePaths.uploads}`,
        datastore: area.datastore,
        maxSize: this.deps.config.UPLOAD_MAX_BYTES,
        relativeLocation: true,
        // no Access-Control-Allow-Origin: uploads come from our own origin only
        allowedOrigins: [],
        disableTerminationForFinishedUploads: true,
        exposedHeaders: [UPLOAD_FILE_ID_HEADER],
        namingFunction: () => randomUUID(),
        onUploadCreate: async (req) => ({ metadata: this.contexts.get(req)?.metadata ?? {} }),
        onUploadFinish: async (req, upload) => {
          const ctx = this.contexts.get(req);
          if (!ctx) throw { status_code: 500, body: 'no request context\n' };
          try {
            const file = await this.finalize(upload.id, ctx.principal, ctx.actor);
            return { headers: { [UPLOAD_FILE_ID_HEADER]: file.id } };
          } catch (err) {
            ctx.error = err;
            throw { status_code: err instanceof AppError ? err.status : 500, body: '\n' };
          }
        },
      });
    }
    return { tus: this.tus, area };
  }

  /** One tus request, from a route that already checked the session (audience 'company'). */
  async handle(request: FastifyRequest, reply: FastifyReply) {
    const principal = request.principal;
    if (!principal) throw new AppError(401, 'UNAUTHENTICATED');
    const companyId = companyOf(principal);
    const { tus, area } = this.server();
    const ctx: RequestContext = { principal, actor: actorOf(request) };
    const id = (request.params as { id?: string }).id;

    if (request.method === 'POST') {
      ctx.metadata = await this.beforeCreate(request, principal);
    } else if (request.method !== 'OPTIONS') {
      if (!id || !UUID.test(id)) throw notFound();
      const stored = await findFileById(this.deps.db, id);
      if (stored) {
        // The upload finished and became a file (maybe while the client was not listening).
        if (stored.companyId !== companyId) throw notFound();
        if (request.method === 'HEAD') return replyComplete(reply, stored);
        throw conflict();
      }
      const info = await area.info(id);
      if (!info || info.metadata?.companyId !== companyId) throw notFound();
      if (request.method === 'HEAD') {
        const upload = await area.datastore.getUpload(id).catch(() => null);
        // All bytes arrived but the file was never kept (a crash, a lost response): keep it now.
        if (upload && upload.size !== undefined && upload.offset === upload.size) {
          return replyComplete(reply, await this.finalize(id, principal, ctx.actor));
        }
      }
    }

    const webRequest = new NodeRequest({ req: request.raw, res: reply.raw });
    if (request.method === 'PATCH' || request.method === 'POST') {
      let body: ReadableStream<Uint8Array> | undefined;
      // Created when tus reads it, as srvx does: a body nobody reads is left for Node to discard.
      Object.defineProperty(webRequest, 'body', { get: () => (body ??= webBody(request.raw)) });
    }
    this.contexts.set(webRequest, ctx);
    const response = await tus.handleWeb(webRequest as unknown as Request);

    if (response.status >= 400) {
      for (const name of KEEP_ON_ERROR) {
        const value = response.headers.get(name);
        if (value) reply.header(name, value);
      }
      const refused = id !== undefined && this.refused.delete(id);
      if (id && (refused || response.status === 413 || response.status === 415)) await this.removeUpload(id);
      if (ctx.error) throw ctx.error;
      if (refused) throw unsupportedKind();
      if (response.status >= 500) {
        this.log.error({ status: response.status, body: await response.text(), uploadId: id }, 'upload failed');
        throw new AppError(500, 'INTERNAL');
      }
      throw new AppError(response.status, TUS_CODES[response.status] ?? 'BAD_REQUEST');
    }
    reply.code(response.status);
    response.headers.forEach((value, name) => {
      if (name !== 'content-length') reply.header(name, value);
    });
    const body = response.status === 204 || request.method === 'HEAD' ? null : await response.text();
    return reply.send(body || null);
  }

  /** Validates a new upload's metadata and asks its owner; answers the metadata to store. */
  private async beforeCreate(request: FastifyRequest, principal: Principal): Promise<Record<string, string>> {
    const h = request.headers;
    if (h['upload-defer-length'] !== undefined || h['upload-concat'] !== undefined) {
      throw invalid([{ path: 'headers.upload-length', code: 'required', message: 'Upload-Length is required' }]);
    }
    const length = Number(h['upload-length']);
    if (!/^\d+$/.test(String(h['upload-length'] ?? '')) || !Number.isSafeInteger(length)) {
      throw invalid([{ path: 'headers.upload-length', code: 'invalid', message: 'Upload-Length must be a whole number' }]);
    }
    let raw: Record<string, string | null | undefined>;
    try {
      raw = Metadata.parse(typeof h['upload-metadata'] === 'string' ? h['upload-metadata'] : undefined) ?? {};
    } catch {
      throw invalid([{ path: 'headers.upload-metadata', code: 'invalid', message: 'Upload-Metadata is not valid' }]);
    }
    const given = Object.fromEntries(Object.entries(raw).filter(([k, v]) => v !== null && !SERVER_KEYS.includes(k as keyof ServerMetadata)));
    // A name keeps no bidi override or other invisible formatting ("invoice\u202Efdp.csv" → "invoicefdp.csv").
    if (typeof given.filename === 'string') given.filename = readableFileName(given.filename);
    const parsed = UploadMetadata.safeParse(given);
    if (!parsed.success) {
      throw invalid(parsed.error.issues.map((i) => ({ path: ['metadata', ...i.path].join('.'), code: i.code, message: i.message })));
    }
    const meta = parsed.data;
    const replaces = meta.replaces ? ((await findFileById(this.deps.db, meta.replaces)) ?? null) : null;
    const target = await this.authorize(principal, meta, replaces);
    if (length > target.maxBytes) throw tooLarge(target.maxBytes);
    // Nothing to check an empty file against; a name claiming a refused kind is refused at once.
    if (length === 0) throw unsupportedKind();
    const claimed = kindClaimedByName(meta.filename);
    if (claimed && !target.allowedKinds.includes(claimed)) throw unsupportedKind();
    const stored: StoredMetadata = {
      ...meta,
      companyId: target.companyId,
      createdBy: principal.userId,
      allowedKinds: target.allowedKinds.join(','),
      maxBytes: String(target.maxBytes),
    };
    return Object.fromEntries(Object.entries(stored).filter(([, v]) => v !== undefined)) as Record<string, string>;
  }

  private async authorize(principal: Principal, meta: UploadMetadata, replaces: FilesTable | null) {
    const owner = fileOwner(meta.ownerKind);
    if (!owner) throw invalid([{ path: 'metadata.ownerKind', code: 'invalid_value', message: 'unknown owner kind' }]);
    if (meta.replaces) {
      if (!replaces || replaces.companyId !== principal.companyId) throw notFound();
      if (replaces.ownerKind !== meta.ownerKind || replaces.ownerId !== meta.ownerId || replaces.slot !== meta.slot) {
        throw invalid([{ path: 'metadata.replaces', code: 'invalid_value', message: 'not a file of this slot' }]);
      }
      if (replaces.supersededById) throw conflict();
    }
    const target = await owner.authorizeUpload(this.deps, principal, { ownerId: meta.ownerId, slot: meta.slot, replaces });
    if (!isStaffRole(principal.role) && target.companyId !== principal.companyId) throw notFound();
    const configured = this.deps.config.UPLOAD_ALLOWED_KINDS;
    const allowedKinds = target.allowedKinds ? configured.filter((k) => target.allowedKinds!.includes(k)) : [...configured];
    const maxBytes = Math.min(this.deps.config.UPLOAD_MAX_BYTES, target.maxBytes ?? Number.MAX_SAFE_INTEGER);
    return { companyId: target.companyId, allowedKinds, maxBytes };
  }

  /**
   * Turns a complete upload into a stored file (once, even when the last PATCH and a HEAD race).
   * The owner is asked again; a refusal (4xx) deletes the upload, a server fault keeps it so that a
   * later HEAD can retry.
   */
  finalize(id: string, principal: Principal, actor: Actor): Promise<FilesTable> {
    const running = this.finalizing.get(id);
    if (running) return running;
    const job = this.doFinalize(id, principal, actor).finally(() => this.finalizing.delete(id));
    this.finalizing.set(id, job);
    return job;
  }

  private async doFinalize(id: string, principal: Principal, actor: Actor): Promise<FilesTable> {
    const done = await findFileById(this.deps.db, id);
    if (done) return done;
    const { area } = this.server();
    const info = await area.info(id);
    if (!info?.metadata) throw notFound();
    const meta = info.metadata as unknown as StoredMetadata;
    try {
      const replaces = meta.replaces ? ((await findFileById(this.deps.db, meta.replaces)) ?? null) : null;
      const target = await this.authorize(principal, meta, replaces);
      if (target.companyId !== meta.companyId) throw notFound();
      const staged = await area.stage(id, {
        maxBytes: Math.min(target.maxBytes, Number(meta.maxBytes) || target.maxBytes),
        allowedKinds: target.allowedKinds.filter((k) => kindsOf(meta.allowedKinds).includes(k)),
        name: meta.filename,
      });
      if (info.size !== undefined && staged.size !== info.size) throw new AppError(409, 'CONFLICT');
      const file = await keepStagedFile(
        this.deps,
        staged,
        {
          id,
          companyId: meta.companyId,
          ownerKind: meta.ownerKind,
          ownerId: meta.ownerId,
          slot: meta.slot,
          originalName: meta.filename,
          createdBy: meta.createdBy,
          replacesId: meta.replaces ?? null,
        },
        principal,
        actor,
      );
      await area.forget(id).catch((err: unknown) => this.log.warn({ err, uploadId: id }, 'an upload that became a file was not removed'));
      return file;
    } catch (err) {
      if (isClientError(err)) await this.removeUpload(id);
      throw err;
    }
  }

  private async removeUpload(id: string) {
    await this.uploadArea().remove(id);
  }

  /**
   * Clean-up of the upload area: uploads that became files, info without data (a crash after the
   * rename), data without info (a crash while creating), corrupt info, and expired uploads. At
   * start-up of a local store nothing is in flight; later runs (and S3, shared by several
   * processes) spare anything younger than an hour.
   */
  async cleanUp({ startup, now = Date.now() }: { startup: boolean; now?: number }): Promise<number> {
    return this.uploadArea().cleanUp((ids) => existingFileIds(this.deps.db, ids), {
      graceMs: startup ? 0 : 3_600_000,
      expiryMs: this.deps.config.UPLOAD_EXPIRY_HOURS * 3_600_000,
      now,
    });
  }
}

/**
 * A request's body as the web stream tus 2 reads. tus has no Node-stream entry: `tus.handle(req,
 * res)` wraps the request in the same srvx NodeRequest as here, whose body is `Readable.toWeb(req)`,
 * and tus turns it back with `Readable.fromWeb`. `toWeb` copies every chunk ("to detach it from the
 * pool", in case a web reader transfers the chunk's ArrayBuffer): 1 GB copied once more, for a
 * reader — `fromWeb` — that never transfers, of chunks that own their ArrayBuffer anyway (Node's
 * HTTP parser copies each body chunk out of the socket's buffer). This stream hands the chunks on as
 * they are, one per read. An aborted request errors it as before (tus then answers "aborted").
 */
function webBody(raw: Readable): ReadableStream<Uint8Array> {
  const chunks = raw[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
      async cancel() {
        await chunks.return?.();
      },
    },
    { highWaterMark: 0 },
  );
}

function replyComplete(reply: FastifyReply, file: FilesTable) {
  return reply
    .code(200)
    .header('tus-resumable', '1.0.0')
    .header('upload-offset', String(file.size))
    .header('upload-length', String(file.size))
    .header('cache-control', 'no-store')
    .header(UPLOAD_FILE_ID_HEADER, file.id)
    .send();
}
