import type { SmeThresholdCellRecord } from '@bansi/shared';
import type { SmeThresholdCellsTable } from './sme-thresholds.tables';

export function presentThresholdCell(row: SmeThresholdCellsTable): SmeThresholdCellRecord {
  return {
    id: row.id,
    sector: row.sector,
    size: row.size,
    criterion: row.criterion,
    upperBound: Number(row.upperBound),
    upperInclusive: row.upperInclusive === 1,
    effectiveFrom: row.effectiveFrom,
    sourceNote: row.sourceNote,
    updatedAt: row.updatedAt,
  };
}
