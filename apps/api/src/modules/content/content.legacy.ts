import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { ImageVariant } from '@bansi/shared';
import type { Deps } from '../../lib/deps';
import { storageKeyFor, type StagedBytes } from '../../lib/file-store';
import { newId } from '../../lib/crypto';
import { keepInTransaction } from '../files';
import { insertImageVariants, listImagesWithoutVariants } from './content.repository';

const VARIANTS: ImageVariant[] = ['large', 'thumb'];

/**
 * Moves the cover-image variants kept under DATA_DIR/content-images by the store that came before the
 * one FileStore (decision 050) into it, once. The variants of an image are copied into the store and
 * their rows inserted in one unit; the old files are left where they were. Images whose old files are
 * missing are logged. Returns how many images moved.
 */
export async function adoptLegacyImages(deps: Deps, log: FastifyBaseLogger): Promise<number> {
  let moved = 0;
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
    moved += 1;
  }
  return moved;
}
