import type { SmeCriterion, SmeSector, SmeThresholdSize } from '@bansi/shared';

/**
 * One cell of the SME size thresholds (Decree No. 25/GOL, 2017): reference data staff admins enter
 * from the official text. A change is a new row with a later `effectiveFrom` (history is kept).
 */
export interface SmeThresholdCellsTable {
  id: string;
  sector: SmeSector;
  size: SmeThresholdSize;
  criterion: SmeCriterion;
  upperBound: number;
  /** 1: value <= upperBound qualifies; 0: value < upperBound */
  upperInclusive: number;
  effectiveFrom: string;
  sourceNote: string;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface SmeThresholdTables {
  smeThresholdCells: SmeThresholdCellsTable;
}
