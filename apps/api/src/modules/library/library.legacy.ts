import { createReadStream, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../../lib/deps';
import { storageKeyFor } from '../../lib/file-store';
import { keepInTransaction } from '../files';
import { listLegacyLibraryFiles, setLibraryStorageKey } from './library.repository';

/**
 * Moves the library PDFs kept under DATA_DIR/library by the store that came before the one FileStore
 * (decision 050) into it, once. Each file is copied into the store and its row updated in one unit;
 * the old files are left where they were (an operator removes them after a backup). Rows whose old
 * file is missing are logged. Returns how many files moved.
 */
export async function adoptLegacyLibraryFiles(deps: Deps, log: FastifyBaseLogger): Promise<number> {
  let moved = 0;
  for (const row of await listLegacyLibraryFiles(deps.db)) {
    const path = resolve(deps.config.DATA_DIR, row.storageKey);
    if (!existsSync(path)) {
      log.error({ fileId: row.id, path }, 'a library file of the old store is missing');
      continue;
    }
    const staged = await deps.store.put(createReadStream(path), { maxBytes: Number.MAX_SAFE_INTEGER, allowedKinds: ['pdf'] });
    const key = storageKeyFor(row.id);
    await keepInTransaction(deps, [{ staged, key }], (trx) => setLibraryStorageKey(trx, row.id, key));
    moved += 1;
  }
  return moved;
}
