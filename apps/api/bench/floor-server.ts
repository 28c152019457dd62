/**
 * The floor of the API benchmark: a bare Fastify 5 server that runs, per endpoint, exactly the SQL
 * the app ran for one such request (captured through Kysely's log, parameters included) with
 * prepared statements — better-sqlite3 Statements prepared once, or named pg prepared statements —
 * and answers the first 21 rows of each as JSON (the page an app list answers). No hooks, plugins, schemas or presenters.
 *
 *   BENCH_FLOOR=<captured.json> DATABASE_URL=… PORT=… node --import tsx apps/api/bench/floor-server.ts
 */
import { readFileSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import Fastify from 'fastify';
import pg from 'pg';

export interface CapturedQuery {
  sql: string;
  params: unknown[];
}
export type Captured = Record<string, CapturedQuery[]>;

/** A page's worth of rows (a list answers at most 21 of them), so the floor sends what the app sends. */
const page = (rows: unknown) => (Array.isArray(rows) ? rows.slice(0, 21) : rows);

async function main() {
  const captured = JSON.parse(readFileSync(process.env.BENCH_FLOOR!, 'utf8')) as Captured;
  const url = process.env.DATABASE_URL!;
  const app = Fastify({ logger: false });
  if (url.startsWith('sqlite:')) {
    const database = new SQLite(url.slice('sqlite:'.length));
    database.pragma('journal_mode = WAL');
    database.pragma('busy_timeout = 5000');
    for (const [name, queries] of Object.entries(captured)) {
      const statements = queries.map((q) => {
        const s = database.prepare(q.sql);
        return { run: s.reader ? () => s.all(...(q.params as unknown[])) : () => s.run(...(q.params as unknown[])) };
      });
      app.get(`/floor/${name}`, async () => statements.map((s) => page(s.run())));
    }
  } else {
    pg.types.setTypeParser(20, (v) => Number(v));
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    let n = 0;
    for (const [name, queries] of Object.entries(captured)) {
      const named = queries.map((q) => ({ name: `floor_${n++}`, text: q.sql, values: q.params }));
      app.get(`/floor/${name}`, async () => {
        const client = await pool.connect();
        try {
          const out = [];
          for (const q of named) out.push(page((await client.query(q)).rows));
          return out;
        } finally {
          client.release();
        }
      });
    }
  }
  const port = Number(process.env.PORT);
  await app.listen({ port, host: '127.0.0.1' });
  process.stdout.write(`listening ${port}\n`);
  process.on('SIGTERM', () => process.exit(0));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
