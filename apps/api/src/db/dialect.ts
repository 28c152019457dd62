import { PostgresAdapter, type Kysely } from 'kysely';

/** Whether a database handle (a Kysely instance or a transaction, of any schema) talks to PostgreSQL. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema: migrations use Kysely<unknown>
export const onPostgres = (db: Pick<Kysely<any>, 'getExecutor'>) => db.getExecutor().adapter instanceof PostgresAdapter;
