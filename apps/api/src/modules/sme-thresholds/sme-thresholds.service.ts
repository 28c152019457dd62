import { emptySmeCells, type SmeThresholdCell, type SmeThresholdList } from '@bansi/shared';
import { newId, nowIso } from '../../lib/crypto';
import type { Deps } from '../../lib/deps';
import { conflict } from '../../lib/errors';
import type { Principal } from '../../plugins/access';
import type { Actor } from '../../lib/actor';
import { recordAudit } from '../audit';
import { presentThresholdCell } from './sme-thresholds.presenter';
import { findThresholdCell, insertThresholdCell, listThresholdCells } from './sme-thresholds.repository';

/** Every cell (all dates: a derivation may be for an earlier book year) and the cells empty now. */
export async function listThresholds(deps: Deps, now = new Date()): Promise<SmeThresholdList> {
  const items = (await listThresholdCells(deps.db)).map(presentThresholdCell);
  return { items, empty: emptySmeCells(items, now) };
}

/**
 * A staff admin enters a cell from the official text. A correction or a new decree is a new cell
 * with its own effective date; a cell is never overwritten, so past derivations stay explainable.
 */
export async function addThresholdCell(deps: Deps, principal: Principal, cell: SmeThresholdCell, actor: Actor) {
  if (await findThresholdCell(deps.db, cell)) throw conflict();
  const now = nowIso();
  const row = { id: newId(), ...cell, upperInclusive: cell.upperInclusive ? 1 : 0, createdBy: principal.userId, createdAt: now, updatedAt: now };
  await deps.db.transaction().execute(async (trx) => {
    await insertThresholdCell(trx, row);
    await recordAudit(
      trx,
      actor,
      'reference.sme_threshold_create',
      { kind: 'sme_threshold_cell', id: row.id },
      { companyId: null, details: { ...cell } },
    );
  });
  return presentThresholdCell(row);
}
