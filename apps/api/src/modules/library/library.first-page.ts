import { PAGE_MAX_LIMIT, type Language, type LibraryCategory } from '@bansi/shared';
import type { Readable } from 'node:stream';
import { nowIso } from '../../lib/crypto';
import type { Deps } from '../../lib/deps';
import { queueFirstPages } from './library.first-page.queue';
import { renderFirstPageOffThread } from './library.first-page.pool';
import {
  findFile,
  findFirstPicture,
  hasFirstPageRow,
  insertFirstPage,
  listDocuments,
  listFilesOfVersion,
  listFilesWithoutFirstPage,
} from './library.repository';
import { pickFile } from './library.service';

/** Where the job says what it could not draw (the app's logger). */
export type FirstPageLog = { warn(details: object, message: string): void };

async function bytesOf(stream: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return new Uint8Array(Buffer.concat(chunks));
}

/**
 * The FIRST_PAGE_JOB: draws the first page of a library file and keeps it (decision 287). Nothing to do when the
 * file is gone or already has its row. A store that cannot be read throws (the job is tried again); a PDF that
 * cannot be drawn gets a row without a picture, is logged, and the job ends: drawing it again would fail again.
 */
export async function makeFirstPage(deps: Deps, fileId: string, log: FirstPageLog): Promise<'made' | 'failed' | 'skipped'> {
  const file = await findFile(deps.db, fileId);
  if (!file || (await hasFirstPageRow(deps.db, fileId))) return 'skipped';
  const pdf = await bytesOf(await deps.store.openRead(file.storageKey));
  let picture;
  try {
    picture = await renderFirstPageOffThread(pdf);
  } catch (err) {
    const failure = String((err as Error)?.message ?? err)
      .split('\n')[0]!
      .slice(0, 500);
    log.warn({ err, fileId, fileName: file.fileName }, 'library file: its first page could not be drawn');
    await insertFirstPage(deps.db, { fileId, webp: null, width: null, height: null, failure, createdAt: nowIso() });
    return 'failed';
  }
  await insertFirstPage(deps.db, {
    fileId,
    webp: Buffer.from(picture.webp.buffer, picture.webp.byteOffset, picture.webp.byteLength),
    width: picture.width,
    height: picture.height,
    failure: null,
    createdAt: nowIso(),
  });
  return 'made';
}

/** The FIRST_PAGE_SWEEP_JOB: queues the files that have no first page yet (a database older than the pictures). */
export async function sweepFirstPages(deps: Deps): Promise<number> {
  const files = await listFilesWithoutFirstPage(deps.db);
  await queueFirstPages(
    deps.db,
    files.map((f) => f.id),
  );
  return files.length;
}

export interface ReaderFirstPage {
  documentId: string;
  width: number;
  height: number;
  webp: Buffer;
}

/**
 * The picture of the first page a company user sees on a category's reading screen (issue 29): the document the
 * screen opens first — the web's `defaultDocument` over the list it shows (the published documents, newest first,
 * one page of PAGE_MAX_LIMIT): the bundled one, else the newest — and, of its current version, the file the reader
 * gets in `lang` (pickFile). Null when the category has no document or its picture is not made (yet, or at all).
 */
export async function readerFirstPage(deps: Deps, category: LibraryCategory, lang: Language): Promise<ReaderFirstPage | null> {
  const listed = (await listDocuments(deps.db, { category, published: true, limit: PAGE_MAX_LIMIT })).slice(0, PAGE_MAX_LIMIT);
  const doc = listed.find((d) => d.slug !== null) ?? listed[0];
  if (!doc?.currentVersionId) return null;
  const file = pickFile(await listFilesOfVersion(deps.db, doc.currentVersionId), lang);
  if (!file) return null;
  const picture = await findFirstPicture(deps.db, file.id);
  if (!picture?.webp || picture.width === null || picture.height === null) return null;
  return { documentId: doc.id, width: picture.width, height: picture.height, webp: picture.webp };
}
