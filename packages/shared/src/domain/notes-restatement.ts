/**
 * Carried-forward figures of the notes (issue 33): a prior-year amount filled from last year's accepted
 * notes keeps that accepted value beside it (`carried`); changing it is a restatement that needs a
 * reason. The API applies these rules to every PATCH, the form shows the same errors before it sends,
 * and staff, the PDF and the review header read the restatements from `notesRestatements`. No zod here.
 */

export const NOTES_RESTATEMENT_MAX = 500;

/** Codes of the field errors (messages: errors.notes.<code> in both catalogs). */
export const NOTES_RESTATEMENT_ERRORS = ['restatement_required', 'restatement_too_long', 'carried_row_removed'] as const;
export type NotesRestatementErrorCode = (typeof NOTES_RESTATEMENT_ERRORS)[number];

/** A table line as stored: the accepted prior-year value (`carried`) only on lines filled from accepted notes. */
export interface NotesCarriedRow {
  label: string;
  current: number | null;
  prior: number | null;
  /** the prior-year amount of last year's accepted notes; absent on lines the company added */
  carried?: number | null;
  /** why `prior` differs from `carried`; only while it does */
  restatement?: string;
}

export interface NotesRestatementError {
  path: string;
  code: NotesRestatementErrorCode;
  vars?: Record<string, number>;
}

/**
 * The rows a PATCH gives for a section, applied onto the stored ones: a line carried forward is
 * recognised by its label (which the form does not let the company change), keeps its accepted value
 * whatever the request says, and may differ from it only with a reason (≤ 500 characters). A carried
 * line may not be dropped. Lines the company added carry nothing. `at` is the section's request path.
 */
export function applyCarriedForward(
  stored: readonly NotesCarriedRow[],
  input: readonly NotesCarriedRow[],
  at: string,
): { rows: NotesCarriedRow[]; errors: NotesRestatementError[] } {
  const errors: NotesRestatementError[] = [];
  const carried = stored.filter((r) => r.carried !== undefined);
  const used = new Set<number>();
  const rows: NotesCarriedRow[] = input.map((row, r) => {
    const plain: NotesCarriedRow = { label: row.label, current: row.current, prior: row.prior };
    const match = carried.findIndex((c, i) => !used.has(i) && c.label === row.label);
    if (match < 0) return plain;
    used.add(match);
    const accepted = carried[match]!.carried ?? null;
    if (row.prior === accepted) return { ...plain, carried: accepted };
    const reason = (row.restatement ?? '').trim();
    if (reason === '') errors.push({ path: `${at}.rows.${r}.restatement`, code: 'restatement_required' });
    else if ([...reason].length > NOTES_RESTATEMENT_MAX)
      errors.push({ path: `${at}.rows.${r}.restatement`, code: 'restatement_too_long', vars: { max: NOTES_RESTATEMENT_MAX } });
    return { ...plain, carried: accepted, restatement: reason };
  });
  carried.forEach((c, i) => {
    if (!used.has(i)) errors.push({ path: `${at}.rows`, code: 'carried_row_removed' });
  });
  return { rows, errors };
}

export interface NotesRestatement<K extends string = string> {
  section: K;
  /** 0-based line of the section's table */
  row: number;
  label: string;
  accepted: number | null;
  restated: number | null;
  reason: string;
}

/** Every restated carried-forward figure, section by section in order: what staff review and the PDF footnotes list. */
export function notesRestatements<K extends string>(
  sections: readonly { key: K; notApplicable?: boolean; rows: readonly NotesCarriedRow[] }[],
): NotesRestatement<K>[] {
  return sections.flatMap((s) =>
    s.rows.flatMap((r, row) =>
      r.carried !== undefined && r.prior !== r.carried
        ? [{ section: s.key, row, label: r.label, accepted: r.carried, restated: r.prior, reason: r.restatement ?? '' }]
        : [],
    ),
  );
}
