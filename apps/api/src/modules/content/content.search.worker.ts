import SQLite from 'better-sqlite3';
import { CamelCasePlugin, CompiledQuery, Kysely, SqliteDialect } from 'kysely';
import type { Database } from '../../db/schema';
import { statementCache } from '../../db/sqlite-statements';
import { serveWorkerRequests } from '../../lib/worker-thread';

// SQLite search off the main thread (decision 100): better-sqlite3 is synchronous, and a query of many
// common words makes FTS5 compare positions in thousands of trigram doclists (measured 50–250 ms for
// an 8-word sentence at 100,000 documents), all of it event-loop time on the main thread. The main
// thread compiles the query; this thread runs it on a read-only connection of its own (WAL: readers do
// not wait for the writer) and sends the rows back.

const connections = new Map<string, Kysely<Database>>();

function connection(file: string): Kysely<Database> {
  let db = connections.get(file);
  if (!db) {
    const database = new SQLite(file, { readonly: true, fileMustExist: true });
    database.pragma('busy_timeout = 5000');
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: statementCache(database, 64) }), plugins: [new CamelCasePlugin()] });
    connections.set(file, db);
  }
  return db;
}

serveWorkerRequests(async (request: { file: string; sql: string; parameters: unknown[] }) => {
  const result = await connection(request.file).executeQuery(CompiledQuery.raw(request.sql, request.parameters));
  return { answer: result.rows };
});
