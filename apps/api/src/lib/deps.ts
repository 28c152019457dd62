import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import type { FileStore } from './file-store';
import type { Translate } from './i18n';

/** What services need from the outside world, built once per app. */
export interface Deps {
  db: Kysely<Database>;
  config: Config;
  t: Translate;
  /** the one file store of the process (local disk or S3), created once from the configuration */
  store: FileStore;
}

/** A transaction or the database itself: repositories accept either. */
export type Executor = Kysely<Database>;
