import {
  SME_CRITERIA,
  SME_SECTORS,
  SME_THRESHOLD_SIZES,
  type SmeCellRef,
  type SmeCriterion,
  type SmeSizeInput,
  type SmeSizeResult,
  type SmeSizeVerdict,
  type SmeThresholdCell,
} from '../contracts/submissions';
import { vientianeDate } from './booking-slots';

/** The date of Decree No. 25/GOL on the classification of SMEs: the in-force date its cells are entered with. */
export const SME_DECREE_DATE = '2017-01-16';

/**
 * Enterprise size under the SME Decree (No. 25/GOL of 16 January 2017, Art. 4): by sector, an
 * enterprise is micro if it meets ANY ONE micro condition (labour, assets or income); else small if
 * it meets any small condition; else medium if any medium one; else large.
 *
 * The thresholds are data (`thresholds`), never constants here. A cell nobody has entered yet is
 * simply absent, and this function never guesses it:
 * - a met condition decides a size even if the other cells of that size are empty;
 * - concluding "not <size>" needs every cell of that size (all three conditions must be known to
 *   fail), so concluding "large" needs all nine cells of the sector;
 * - when a size can be neither confirmed nor ruled out, the answer is `undetermined`, naming the
 *   empty cells the decision may still need (those of that size and of every larger size) and the
 *   enterprise figures that are not entered yet.
 *
 * A figure of 0 counts as within every bound (e.g. an average labour of 0 is not more than "1–5
 * persons").
 */
export function deriveSmeSize(input: SmeSizeInput, thresholds: readonly SmeThresholdCell[], asOf: Date): SmeSizeResult {
  const day = vientianeDate(asOf);
  for (const [level, size] of SME_THRESHOLD_SIZES.entries()) {
    const met: SmeCriterion[] = [];
    let undecided = false;
    const missingInputs: SmeCriterion[] = [];
    for (const criterion of SME_CRITERIA) {
      const cell = applicableCell(thresholds, { sector: input.sector, size, criterion }, day);
      const value = figure(input, criterion);
      if (value === null) missingInputs.push(criterion);
      if (!cell || value === null) {
        undecided = true;
        continue;
      }
      if (meetsCell(value, cell)) met.push(criterion);
    }
    if (met.length > 0) return { kind: 'size', size, basis: met };
    if (undecided) {
      const missing: SmeCellRef[] = [];
      for (const later of SME_THRESHOLD_SIZES.slice(level)) {
        for (const criterion of SME_CRITERIA) {
          const ref = { sector: input.sector, size: later, criterion };
          if (!applicableCell(thresholds, ref, day)) missing.push(ref);
        }
      }
      return { kind: 'undetermined', missing, missingInputs };
    }
  }
  return { kind: 'size', size: 'large', basis: [...SME_CRITERIA] };
}

/** Whether a figure meets one cell's condition (at most / below its upper bound). */
export function meetsCell(value: number, cell: Pick<SmeThresholdCell, 'upperBound' | 'upperInclusive'>): boolean {
  return cell.upperInclusive ? value <= cell.upperBound : value < cell.upperBound;
}

/**
 * The cell in force on `day` (YYYY-MM-DD) for these coordinates: the one with the latest
 * `effectiveFrom` not after `day`. Two cells of the same coordinates and date are a data error
 * (the table has a unique key on them), reported rather than resolved by guessing.
 */
export function applicableCell(thresholds: readonly SmeThresholdCell[], ref: SmeCellRef, day: string): SmeThresholdCell | undefined {
  let best: SmeThresholdCell | undefined;
  for (const cell of thresholds) {
    if (cell.sector !== ref.sector || cell.size !== ref.size || cell.criterion !== ref.criterion) continue;
    if (cell.effectiveFrom > day) continue;
    if (best && cell.effectiveFrom === best.effectiveFrom) {
      throw new Error(`two SME threshold cells for ${ref.sector}/${ref.size}/${ref.criterion} take effect on ${day}`);
    }
    if (!best || cell.effectiveFrom > best.effectiveFrom) best = cell;
  }
  return best;
}

/** Every cell of the table that is empty on `asOf` (what staff admins still have to enter). */
export function emptySmeCells(thresholds: readonly SmeThresholdCell[], asOf: Date): SmeCellRef[] {
  const day = vientianeDate(asOf);
  const out: SmeCellRef[] = [];
  for (const sector of SME_SECTORS) {
    for (const size of SME_THRESHOLD_SIZES) {
      for (const criterion of SME_CRITERIA) {
        const ref = { sector, size, criterion };
        if (!applicableCell(thresholds, ref, day)) out.push(ref);
      }
    }
  }
  return out;
}

function figure(input: SmeSizeInput, criterion: SmeCriterion): number | null {
  const value = criterion === 'labour' ? input.averageLabour : criterion === 'assets' ? input.totalAssets : input.annualIncome;
  if (value === null || value === undefined) return null;
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`${criterion} must be a non-negative number`);
  return value;
}

/** The verdict of a derivation, without its basis or missing cells (what a list row shows). */
export function smeSizeVerdict(result: SmeSizeResult | null): SmeSizeVerdict | null {
  if (!result) return null;
  if (result.kind !== 'size') return { kind: 'undetermined' };
  return result.setByReviewer ? { kind: 'size', size: result.size, setByReviewer: true } : { kind: 'size', size: result.size };
}
