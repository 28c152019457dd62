import { createReadStream, existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { ImageVariant } from '@bansi/shared';
import type { Deps } from '../../lib/deps';
import { storageKeyFor, type StagedBytes } from '../../lib/file-store';
import { newId } from '../../lib/crypto';
import { insertImageVariants, listImagesWithoutVariants } from '../content/content.repository';
import { listLegacyLibraryFiles, setLibraryStorageKey } from '../library/library.repository';
import { keepInTransaction } from './files.service';

const VARIANTS: ImageVariant[] = ['large', 'thumb'];

/**
 * Moves files kept by the stores that came before the one FileStore (decision 050) into it, once:
 * library PDFs under DATA_DIR/library and cover-image variants under DATA_DIR/content-images. Each
 * file is copied into the store and its row updated in one unit; the old files are left where they
 * were (an operator removes them after a backup). Rows whose old file is missing are logged.
 */
export async function adoptLegacyFiles(deps: Deps, log: FastifyBaseLogger): Promise<{ library: number; images: number }> {
  let library = 0;
  let images = 0;
  for (const row of await listLegacyLibraryFiles(deps.db)) {
    const path = resolve(deps.config.DATA_DIR, row.storageKey);
    if (!existsSync(path)) {
      log.error({ fileId: row.id, path }, 'a library file of the old store is missing');
      continue;
    }
    const staged = await deps.store.put(createReadStream(path), { maxBytes: Number.MAX_SAFE_INTEGER, allowedKinds: ['pdf'] });
    const key = storageKeyFor(row.id);
    await keepInTransaction(deps, [{ staged, key }], (trx) => setLibraryStorageKey(trx, row.id, key));
    library += 1;
  }
  for (const { id } of await listImagesWithoutVariants(deps.db)) {
    const paths = VARIANTS.map((variant) => ({ variant, path: resolve(deps.config.DATA_DIR, 'content-images', `${id}-${variant}.webp`) }));
    if (paths.some((p) => !existsSync(p.path))) {
      log.error({ imageId: id }, 'a cover image of the old store is missing');
      continue;
    }
    const files: { variant: ImageVariant; staged: StagedBytes; key: string }[] = [];
    for (const { variant, path } of paths) {
      files.push({ variant, staged: await deps.store.stageBytes(await readFile(path), 'image/webp'), key: storageKeyFor(newId()) });
    }
    await keepInTransaction(deps, files, (trx) =>
      insertImageVariants(
        trx,
        files.map((f) => ({ imageId: id, variant: f.variant, storageKey: f.key, size: f.staged.size, sha256: f.staged.sha256 })),
      ),
    );
    images += 1;
  }
  return { library, images };
}
