import { createReadStream, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { newId, nowIso } from '../../lib/crypto';
import { Readable } from 'node:stream';
import type { LibraryCategory } from '@bansi/shared';
import type { SeedContext, SeedStep } from '../../db/seed-step';
import { createFileStore } from '../../lib/create-file-store';
import { storageKeyFor } from '../../lib/file-store';
import { REPO_ROOT } from '../../paths';
import { keepInTransaction } from '../files';
import { queueFirstPages } from './library.first-page.queue';
import { findDocumentBySlug, insertDocument, insertVersion, updateDocument } from './library.repository';

/** The user guide the product ships (made by apps/api/scripts/make-user-guide.mjs). */
export const BUNDLED_GUIDE = {
  slug: 'bansi-user-guide',
  path: resolve(REPO_ROOT, 'apps/api/assets/guide/bansi-user-guide.pdf'),
  fileName: 'bansi-user-guide.pdf',
  titleLo: 'ປຶ້ມຄູ່ມືການນຳໃຊ້ລະບົບ ບັນຊີ',
  titleEn: 'Bansi user guide',
  version: '1.0',
  documentDate: '2024-01-15',
};

/** A library document the product ships, published at once (the guide; in the demo, the law book and the licence). */
export interface ShippedDocument {
  slug: string;
  category: LibraryCategory;
  titleLo: string;
  titleEn: string;
  version: string;
  documentDate: string;
  fileName: string;
  /** the PDF: a file of the repository, or bytes made now */
  content: { path: string } | { bytes: Buffer };
}

/**
 * Puts a shipped document into the library, published, unless one with its slug is there already (what staff did
 * with it since is kept). Its file goes through the one file store, like a staff upload.
 */
export async function shipDocument({ db, config, store: given }: SeedContext, doc: ShippedDocument) {
  if (await findDocumentBySlug(db.kysely, doc.slug)) return;
  if ('path' in doc.content && !existsSync(doc.content.path)) throw new Error(`shipped document missing: ${doc.content.path}`);
  const store = given ?? createFileStore(config);
  const now = nowIso();
  const documentId = newId();
  const versionId = newId();
  const fileId = newId();
  const source = 'path' in doc.content ? createReadStream(doc.content.path) : Readable.from([doc.content.bytes]);
  const staged = await store.put(source, { maxBytes: Number.MAX_SAFE_INTEGER, allowedKinds: ['pdf'] });
  const storageKey = storageKeyFor(fileId);
  const { size, sha256 } = staged;
  await keepInTransaction({ db: db.kysely, store }, [{ staged, key: storageKey }], async (trx) => {
    await insertDocument(trx, {
      id: documentId,
      slug: doc.slug,
      category: doc.category,
      titleLo: doc.titleLo,
      titleEn: doc.titleEn,
      published: 1,
      publishedAt: now,
      currentVersionId: null,
      createdBy: null,
      createdAt: now,
      updatedAt: now,
    });
    await insertVersion(trx, { id: versionId, documentId, version: doc.version, documentDate: doc.documentDate, createdBy: null, createdAt: now }, [
      { id: fileId, versionId, language: 'both', storageKey, fileName: doc.fileName, contentType: 'application/pdf', size, sha256, createdAt: now },
    ]);
    await updateDocument(trx, documentId, { currentVersionId: versionId });
    // Its first page is drawn by the worker once the server runs (decision 287).
    await queueFirstPages(trx, [fileId]);
  });
}

/** Puts the bundled guide into the library at every start, so the guide book is never empty. */
export const librarySeed: SeedStep = {
  name: 'library-guide',
  kind: 'reference',
  run: (ctx) => shipDocument(ctx, { ...BUNDLED_GUIDE, category: 'guide', content: { path: BUNDLED_GUIDE.path } }),
};
