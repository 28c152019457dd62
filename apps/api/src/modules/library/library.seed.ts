import { createReadStream, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { newId, nowIso } from '../../lib/crypto';
import type { SeedStep } from '../../db/seed';
import { createFileStore } from '../../lib/create-file-store';
import { storageKeyFor } from '../../lib/file-store';
import { REPO_ROOT } from '../../paths';
import { keepInTransaction } from '../files/files.service';
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

/**
 * Puts the bundled guide into the library, published, so the guide book is never empty. Runs at
 * every start and adds it only when it is missing: what staff did with it since is kept.
 */
export const librarySeed: SeedStep = {
  name: 'library-guide',
  kind: 'reference',
  async run({ db, config, store: given }) {
    if (await findDocumentBySlug(db.kysely, BUNDLED_GUIDE.slug)) return;
    if (!existsSync(BUNDLED_GUIDE.path)) throw new Error(`bundled guide missing: ${BUNDLED_GUIDE.path}`);
    const store = given ?? createFileStore(config);
    const now = nowIso();
    const documentId = newId();
    const versionId = newId();
    const fileId = newId();
    const staged = await store.put(createReadStream(BUNDLED_GUIDE.path), { maxBytes: Number.MAX_SAFE_INTEGER, allowedKinds: ['pdf'] });
    const storageKey = storageKeyFor(fileId);
    const { size, sha256 } = staged;
    const deps = { db: db.kysely, store };
    await keepInTransaction(deps, [{ staged, key: storageKey }], async (trx) => {
      await insertDocument(trx, {
        id: documentId,
        slug: BUNDLED_GUIDE.slug,
        category: 'guide',
        titleLo: BUNDLED_GUIDE.titleLo,
        titleEn: BUNDLED_GUIDE.titleEn,
        published: 1,
        publishedAt: now,
        currentVersionId: null,
        createdBy: null,
        createdAt: now,
        updatedAt: now,
      });
      await insertVersion(
        trx,
        { id: versionId, documentId, version: BUNDLED_GUIDE.version, documentDate: BUNDLED_GUIDE.documentDate, createdBy: null, createdAt: now },
        [
          {
            id: fileId,
            versionId,
            language: 'both',
            storageKey,
            fileName: BUNDLED_GUIDE.fileName,
            contentType: 'application/pdf',
            size,
            sha256,
            createdAt: now,
          },
        ],
      );
      await updateDocument(trx, documentId, { currentVersionId: versionId });
    });
  },
};
