import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import type { Translate } from './i18n';

/** What services need from the outside world, built once per app. */
export interface Deps {
  db: Kysely<Database>;
  config: Config;
  t: Translate;
}

/** A transaction or the database itself: repositories accept either. */
export type Executor = Kysely<Database>;
