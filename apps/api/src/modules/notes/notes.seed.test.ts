import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, dialect, testConfig, type TestDb } from '../../../test/helpers';
import type { Config } from '../../config';
import { runSeeds } from '../../db/seed';
import { pdfText } from '../../lib/pdf/pdf-text';
import { createFileStore } from '../../lib/create-file-store';

describe(`demo notes (${dialect})`, () => {
  let db: TestDb;
  let config: Config;
  beforeAll(async () => {
    db = await createTestDb();
    config = testConfig({ SEED_DEMO: 'true' });
    await runSeeds({ db: db.db, config }, { demo: true });
  }, 120_000);
  afterAll(() => db.drop());

  it('has a draft, a submitted and an accepted notes document (its PDF kept), and a second start changes nothing', async () => {
    const k = db.db.kysely;
    const rows = await k
      .selectFrom('notes')
      .select(['id', 'status', 'bookYear', 'pdfFileId', 'priorFilledFrom'])
      .orderBy('bookYear')
      .orderBy('status')
      .execute();
    expect(rows.map((r) => [r.bookYear, r.status])).toEqual([
      [config.BOOK_YEAR - 1, 'accepted'],
      [config.BOOK_YEAR, 'draft'],
      [config.BOOK_YEAR, 'submitted'],
    ]);
    const [accepted, draft] = rows;
    expect(draft!.priorFilledFrom).toBe(config.BOOK_YEAR - 1);
    // The draft's comparative column is last year's accepted figures.
    const draftRow = await k.selectFrom('notes').select('sections').where('id', '=', draft!.id).executeTakeFirstOrThrow();
    const cash = (JSON.parse(draftRow.sections) as { key: string; rows: { prior: number | null }[] }[]).find((s) => s.key === 'cash')!;
    expect(cash.rows.map((r) => r.prior)).toEqual([38_250_000, 327_462_500]);
    const file = await k.selectFrom('files').selectAll().where('id', '=', accepted!.pdfFileId!).executeTakeFirstOrThrow();
    const bytes = await new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      void createFileStore(config)
        .openRead(file.storageKey)
        .then((s) =>
          s
            .on('data', (c: Buffer) => chunks.push(c))
            .on('end', () => resolve(Buffer.concat(chunks)))
            .on('error', reject),
        );
    });
    expect(await pdfText(bytes)).toContain('ບໍລິສັດ ຕົວຢ່າງ ການຄ້າ ຈຳກັດ');
    await runSeeds({ db: db.db, config }, { demo: true });
    expect(await k.selectFrom('notes').select('id').execute()).toHaveLength(3);
  });
});
