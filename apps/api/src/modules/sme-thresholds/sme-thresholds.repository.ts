import type { Executor } from '../../lib/deps';
import type { SmeThresholdCellsTable } from './sme-thresholds.tables';

export const listThresholdCells = (db: Executor) =>
  db.selectFrom('smeThresholdCells').selectAll().orderBy('sector').orderBy('size').orderBy('criterion').orderBy('effectiveFrom').execute();

export const findThresholdCell = (db: Executor, key: Pick<SmeThresholdCellsTable, 'sector' | 'size' | 'criterion' | 'effectiveFrom'>) =>
  db
    .selectFrom('smeThresholdCells')
    .selectAll()
    .where('sector', '=', key.sector)
    .where('size', '=', key.size)
    .where('criterion', '=', key.criterion)
    .where('effectiveFrom', '=', key.effectiveFrom)
    .executeTakeFirst();

export async function insertThresholdCell(db: Executor, row: SmeThresholdCellsTable) {
  await db.insertInto('smeThresholdCells').values(row).execute();
}
