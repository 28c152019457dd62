import { randomUUID } from 'node:crypto';
import { open, readdir, readFile, rm, stat } from 'node:fs/promises';
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
import { FileStore as TusFileStore } from '@tus/file-store';
import { Metadata, Server, type Upload } from '@tus/server';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { NodeRequest } from 'srvx/node';
import { AppError, conflict, invalid, notFound } from '../../lib/errors';
import { ContentSniffer } from '../../lib/file-sniff';
import { tooLarge, unsupportedKind } from '../../lib/file-store';
import { companyOf, type Principal } from '../../plugins/access';
import { fileOwner } from './files.owners';
import { existingFileIds, findFileById } from './files.repository';
import { isClientError, keepStagedFile, type FilesDeps } from './files.service';
import type { FilesTable } from './files.tables';

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
  metadata?: Record<string, string>;
  /** the error a hook raised, answered as a problem instead of tus' plain-text body */
  error?: unknown;
}

const kindsOf = (csv: string | null | undefined): FileKind[] =>
  (csv ?? '').split(',').filter((k): k is FileKind => (FILE_KINDS as readonly string[]).includes(k));

/** The tus file store, checking the first bytes of an upload against its allowed kinds. */
class CheckedTusStore extends TusFileStore {
  // No tus "expiration" extension: with it, creation-with-upload re-reads the upload after it became a
  // file (404). Expired uploads are removed by our own clean-up (UPLOAD_EXPIRY_HOURS) instead.
  constructor(
    directory: string,
    private readonly onRefused: (id: string) => void,
  ) {
    super({ directory });
  }

  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    if (offset >= HEAD_BYTES) return super.write(readable, id, offset);
    const info = await this.configstore.get(id);
    const sniffer = new ContentSniffer(kindsOf(info?.metadata?.allowedKinds));
    if (offset > 0) sniffer.update(await readHead(join(this.directory, id), offset));
    let seen = offset;
    let refused = false;
    const guarded = Readable.from(
      (async function* () {
        for await (const chunk of readable as AsyncIterable<Buffer>) {
          if (seen < HEAD_BYTES) {
            sniffer.update(chunk.subarray(0, HEAD_BYTES - seen));
            seen += chunk.length;
            if (!sniffer.possible()) {
              refused = true;
              throw unsupportedKind();
            }
          }
          yield chunk;
        }
      })(),
      { objectMode: false },
    );
    try {
      return await super.write(guarded, id, offset);
    } catch (err) {
      if (!refused) throw err;
      this.onRefused(id);
      await this.remove(id).catch(() => undefined);
      throw { status_code: 415, body: 'Unsupported Media Type\n' };
    }
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
  readonly directory: string;
  private tus: Server | null = null;
  private datastore: CheckedTusStore | null = null;
  private readonly contexts = new WeakMap<object, RequestContext>();
  private readonly finalizing = new Map<string, Promise<FilesTable>>();
  private readonly refused = new Map<string, number>();

  constructor(
    private readonly deps: FilesDeps,
    private readonly log: FastifyBaseLogger,
  ) {
    this.directory = resolve(deps.config.DATA_DIR, 'uploads');
  }

  /** Created on first use, so an app that never receives an upload never touches the disk. */
  private server(): { tus: Server; store: CheckedTusStore } {
    if (!this.tus || !this.datastore) {
      const store = new CheckedTusStore(this.directory, (id) => {
        // Remembered briefly, so the route can answer the refusal as 415 whatever tus made of it.
        const now = Date.now();
        for (const [old, at] of this.refused) if (now - at > 60_000) this.refused.delete(old);
        this.refused.set(id, now);
      });
      this.datastore = store;
      this.tus = new Server({
        path: `${API_BASE}${FilePaths.uploads}`,
        datastore: store,
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
            const file = await this.finalize(upload.id, ctx.principal);
            return { headers: { [UPLOAD_FILE_ID_HEADER]: file.id } };
          } catch (err) {
            ctx.error = err;
            throw { status_code: err instanceof AppError ? err.status : 500, body: '\n' };
          }
        },
      });
    }
    return { tus: this.tus, store: this.datastore };
  }

  /** One tus request, from a route that already checked the session (audience 'company'). */
  async handle(request: FastifyRequest, reply: FastifyReply) {
    const principal = request.principal;
    if (!principal) throw new AppError(401, 'UNAUTHENTICATED');
    const companyId = companyOf(principal);
    const { tus, store } = this.server();
    const ctx: RequestContext = { principal };
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
      const info = await store.configstore.get(id);
      if (!info || info.metadata?.companyId !== companyId) throw notFound();
      if (request.method === 'HEAD') {
        const upload = await store.getUpload(id).catch(() => null);
        // All bytes arrived but the file was never kept (a crash, a lost response): keep it now.
        if (upload && upload.size !== undefined && upload.offset === upload.size) {
          return replyComplete(reply, await this.finalize(id, principal));
        }
      }
    }

    const webRequest = new NodeRequest({ req: request.raw, res: reply.raw });
    this.contexts.set(webRequest, ctx);
    const response = await tus.handleWeb(webRequest as unknown as Request);

    if (response.status >= 400) {
      for (const name of KEEP_ON_ERROR) {
        const value = response.headers.get(name);
        if (value) reply.header(name, value);
      }
      if (id && (response.status === 413 || response.status === 415)) await this.removeUpload(id);
      if (ctx.error) throw ctx.error;
      if (id && this.refused.delete(id)) throw unsupportedKind();
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
    const parsed = UploadMetadata.safeParse(
      Object.fromEntries(Object.entries(raw).filter(([k, v]) => v !== null && !SERVER_KEYS.includes(k as keyof ServerMetadata))),
    );
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
  finalize(id: string, principal: Principal): Promise<FilesTable> {
    const running = this.finalizing.get(id);
    if (running) return running;
    const job = this.doFinalize(id, principal).finally(() => this.finalizing.delete(id));
    this.finalizing.set(id, job);
    return job;
  }

  private async doFinalize(id: string, principal: Principal): Promise<FilesTable> {
    const done = await findFileById(this.deps.db, id);
    if (done) return done;
    const { store } = this.server();
    const info = await store.configstore.get(id);
    if (!info?.metadata) throw notFound();
    const meta = info.metadata as unknown as StoredMetadata;
    try {
      const replaces = meta.replaces ? ((await findFileById(this.deps.db, meta.replaces)) ?? null) : null;
      const target = await this.authorize(principal, meta, replaces);
      if (target.companyId !== meta.companyId) throw notFound();
      const staged = await this.deps.store.inspect(join(this.directory, id), {
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
      );
      await store.configstore.delete(id).catch(() => undefined);
      return file;
    } catch (err) {
      if (isClientError(err)) await this.removeUpload(id);
      throw err;
    }
  }

  private async removeUpload(id: string) {
    await rm(join(this.directory, id), { force: true });
    await rm(join(this.directory, `${id}.json`), { force: true });
  }

  /**
   * Clean-up of the upload area: uploads that became files, info without data (a crash after the
   * rename), data without info (a crash while creating), corrupt info, and expired uploads. At
   * start-up nothing is in flight; later runs spare anything younger than an hour.
   */
  async cleanUp({ startup, now = Date.now() }: { startup: boolean; now?: number }): Promise<number> {
    let names: string[];
    try {
      names = await readdir(this.directory);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw err;
    }
    const expiryMs = this.deps.config.UPLOAD_EXPIRY_HOURS * 3_600_000;
    const graceMs = startup ? 0 : 3_600_000;
    const nameSet = new Set(names);
    const infoIds = names.filter((n) => n.endsWith('.json') && UUID.test(n.slice(0, -5))).map((n) => n.slice(0, -5));
    const kept = await existingFileIds(this.deps.db, infoIds);
    let removed = 0;
    const remove = async (id: string) => {
      await this.removeUpload(id);
      removed += 1;
    };
    for (const id of infoIds) {
      if (kept.has(id) || !nameSet.has(id)) {
        await remove(id);
        continue;
      }
      let info: Upload | null = null;
      try {
        info = JSON.parse(await readFile(join(this.directory, `${id}.json`), 'utf8')) as Upload;
      } catch {
        info = null;
      }
      const created = info?.creation_date ? Date.parse(info.creation_date) : Number.NaN;
      if (!info || !Number.isFinite(created) || created + expiryMs < now) await remove(id);
    }
    for (const name of names) {
      if (name.endsWith('.json') || nameSet.has(`${name}.json`)) continue;
      const s = await stat(join(this.directory, name)).catch(() => null);
      if (s && s.mtimeMs + graceMs <= now) {
        await rm(join(this.directory, name), { force: true, recursive: true });
        removed += 1;
      }
    }
    return removed;
  }
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
