/**
 * Notes to the financial statements (DESIGN §8.2, issue 13): the pure rules both the API and the
 * screens apply — the 18 sections in order (IFRS for SMEs section 8), which hold tables, the limits,
 * the amount rules, the totals and the checks before a submit. No zod here: the web's form reads it too.
 */

import { AMOUNT_MAX } from '../amount';

/** The sections, in the order they are numbered and printed. */
export const NOTES_SECTION_KEYS = [
  'general',
  'basis',
  'policies',
  'estimates',
  'cash',
  'receivables',
  'inventories',
  'ppe',
  'borrowings',
  'payables',
  'taxes',
  'equity',
  'revenue',
  'expenses',
  'related-parties',
  'commitments',
  'subsequent-events',
  'approval',
] as const;
export type NotesKey = (typeof NOTES_SECTION_KEYS)[number];

export const isNotesSectionKey = (key: string): key is NotesKey => (NOTES_SECTION_KEYS as readonly string[]).includes(key);

/** Sections 5–14 (cash … expenses) hold a table of lines with the book year's and the prior year's amounts. */
export const NOTES_TABLE_SECTIONS: readonly NotesKey[] = NOTES_SECTION_KEYS.slice(4, 14);
export const notesSectionHasTable = (key: NotesKey) => NOTES_TABLE_SECTIONS.includes(key);

/**
 * Tables whose lines may be negative: allowances and write-downs (receivables, inventories),
 * depreciation and disposals in the movement table (ppe), accumulated losses (equity). Elsewhere a
 * line is a balance or a flow that cannot be below zero (decision 090).
 */
export const NOTES_NEGATIVE_SECTIONS: readonly NotesKey[] = ['receivables', 'inventories', 'ppe', 'equity'];
export const notesSectionAllowsNegative = (key: NotesKey) => NOTES_NEGATIVE_SECTIONS.includes(key);

/** 1 general information and 18 approval must be complete and can never be "not applicable". */
export const NOTES_REQUIRED_SECTIONS: readonly NotesKey[] = ['general', 'approval'];

/** Structured fields of the two required sections (prefilled from the company profile and its people). */
export const NOTES_GENERAL_FIELDS = ['nameLo', 'nameEn', 'registrationNo', 'tin', 'legalForm', 'address', 'activities'] as const;
export type NotesGeneralField = (typeof NOTES_GENERAL_FIELDS)[number];
/** `approvalDate` is YYYY-MM-DD. */
export const NOTES_APPROVAL_FIELDS = ['director', 'accountant', 'approvalDate'] as const;
export type NotesApprovalField = (typeof NOTES_APPROVAL_FIELDS)[number];

/** Which fields a section has, and which of them must be filled before a submit. */
export const NOTES_SECTION_FIELDS: Partial<Record<NotesKey, readonly string[]>> = {
  general: NOTES_GENERAL_FIELDS,
  approval: NOTES_APPROVAL_FIELDS,
};
export const NOTES_REQUIRED_FIELDS: Partial<Record<NotesKey, readonly string[]>> = {
  general: ['nameLo', 'registrationNo', 'tin', 'legalForm', 'address', 'activities'],
  approval: ['director', 'accountant', 'approvalDate'],
};

/** Characters of prose per section: the policies section is the long one. */
export const NOTES_TEXT_LIMITS: Record<NotesKey, number> = {
  general: 4000,
  basis: 8000,
  policies: 20000,
  estimates: 8000,
  cash: 4000,
  receivables: 4000,
  inventories: 4000,
  ppe: 4000,
  borrowings: 4000,
  payables: 4000,
  taxes: 4000,
  equity: 4000,
  revenue: 4000,
  expenses: 4000,
  'related-parties': 8000,
  commitments: 8000,
  'subsequent-events': 8000,
  approval: 2000,
};
export const NOTES_MAX_ROWS = 200;
export const NOTES_MAX_LABEL = 200;
export const NOTES_MAX_FIELD = 500;
/** Whole kip, |amount| ≤ 10^15 (a thousand trillion kip is far above any Lao balance sheet). */
export const NOTES_MAX_AMOUNT = AMOUNT_MAX;

export interface NotesRowValues {
  label: string;
  /** whole kip; null while not entered (counts as 0 in the total) */
  current: number | null;
  prior: number | null;
  /** carried forward from last year's accepted notes, and why it was restated (domain/notes-restatement.ts) */
  carried?: number | null;
  restatement?: string;
}
export interface NotesSectionData {
  key: NotesKey;
  notApplicable: boolean;
  text: string;
  /** only `general` and `approval` have fields (NOTES_SECTION_FIELDS) */
  fields: Record<string, string>;
  rows: NotesRowValues[];
}
export interface NotesTotals {
  current: number;
  prior: number;
}

/** An empty section of each key, in order: a new document before prefill. */
export function emptyNotesSections(): NotesSectionData[] {
  return NOTES_SECTION_KEYS.map((key) => ({
    key,
    notApplicable: false,
    text: '',
    fields: Object.fromEntries((NOTES_SECTION_FIELDS[key] ?? []).map((f) => [f, ''])),
    rows: [],
  }));
}

/** Totals are computed, never typed (DESIGN §8.2); a section without a table has none. */
export function notesSectionTotal(section: Pick<NotesSectionData, 'key' | 'rows'>): NotesTotals | null {
  if (!notesSectionHasTable(section.key)) return null;
  let current = 0;
  let prior = 0;
  for (const row of section.rows) {
    current += row.current ?? 0;
    prior += row.prior ?? 0;
  }
  return { current, prior };
}

// --- validation of what the user sends --------------------------------------------------------

/** Codes of the field errors (messages: errors.notes.<code> in both catalogs). */
export const NOTES_INPUT_ERRORS = [
  'unknown_section',
  'duplicate_section',
  'text_too_long',
  'too_many_rows',
  'rows_not_allowed',
  'label_too_long',
  'amount_fraction',
  'amount_negative',
  'amount_too_large',
  'unknown_field',
  'field_too_long',
  'date_invalid',
  'not_applicable_not_allowed',
] as const;
export type NotesInputErrorCode = (typeof NOTES_INPUT_ERRORS)[number];

export interface NotesInputError {
  /** dot path into the request body, e.g. `sections.4.rows.2.current` */
  path: string;
  code: NotesInputErrorCode;
  /** values for the message: the limit that was passed */
  vars?: Record<string, number>;
}

/** A section as it arrives (before validation): its key may be anything. */
export interface NotesSectionPatch {
  key: string;
  notApplicable?: boolean;
  text?: string;
  fields?: Record<string, string>;
  rows?: { label: string; current: number | null; prior: number | null }[];
}

/** A field error for an amount, or null when it is a whole kip amount the section allows. */
export function notesAmountError(key: NotesKey, value: number | null): NotesInputErrorCode | null {
  if (value === null) return null;
  if (!Number.isFinite(value) || !Number.isInteger(value)) return 'amount_fraction';
  if (Math.abs(value) > NOTES_MAX_AMOUNT) return 'amount_too_large';
  if (value < 0 && !notesSectionAllowsNegative(key)) return 'amount_negative';
  return null;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
function isIsoDate(s: string): boolean {
  if (!ISO_DATE.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/**
 * Every problem of a PATCH's sections, with a path per field; empty when all is well. The API saves
 * nothing when this is not empty; the form shows the same errors before it sends.
 */
export function validateNotesSections(sections: readonly NotesSectionPatch[], base = 'sections'): NotesInputError[] {
  const errors: NotesInputError[] = [];
  const seen = new Set<string>();
  sections.forEach((s, i) => {
    const at = `${base}.${i}`;
    if (!isNotesSectionKey(s.key)) {
      errors.push({ path: `${at}.key`, code: 'unknown_section' });
      return;
    }
    if (seen.has(s.key)) errors.push({ path: `${at}.key`, code: 'duplicate_section' });
    seen.add(s.key);
    const key = s.key;
    if (s.notApplicable && NOTES_REQUIRED_SECTIONS.includes(key)) errors.push({ path: `${at}.notApplicable`, code: 'not_applicable_not_allowed' });
    const limit = NOTES_TEXT_LIMITS[key];
    if (s.text !== undefined && [...s.text].length > limit) errors.push({ path: `${at}.text`, code: 'text_too_long', vars: { max: limit } });
    const allowed = NOTES_SECTION_FIELDS[key] ?? [];
    for (const [field, value] of Object.entries(s.fields ?? {})) {
      if (!allowed.includes(field)) errors.push({ path: `${at}.fields.${field}`, code: 'unknown_field' });
      else if ([...value].length > NOTES_MAX_FIELD)
        errors.push({ path: `${at}.fields.${field}`, code: 'field_too_long', vars: { max: NOTES_MAX_FIELD } });
      else if (field === 'approvalDate' && value !== '' && !isIsoDate(value)) errors.push({ path: `${at}.fields.${field}`, code: 'date_invalid' });
    }
    const rows = s.rows ?? [];
    if (rows.length > 0 && !notesSectionHasTable(key)) {
      errors.push({ path: `${at}.rows`, code: 'rows_not_allowed' });
      return;
    }
    if (rows.length > NOTES_MAX_ROWS) {
      errors.push({ path: `${at}.rows`, code: 'too_many_rows', vars: { max: NOTES_MAX_ROWS } });
      return;
    }
    rows.forEach((row, r) => {
      if ([...row.label].length > NOTES_MAX_LABEL)
        errors.push({ path: `${at}.rows.${r}.label`, code: 'label_too_long', vars: { max: NOTES_MAX_LABEL } });
      for (const col of ['current', 'prior'] as const) {
        const code = notesAmountError(key, row[col]);
        if (code) errors.push({ path: `${at}.rows.${r}.${col}`, code, ...(code === 'amount_too_large' ? { vars: { max: NOTES_MAX_AMOUNT } } : {}) });
      }
    });
  });
  return errors;
}

// --- checks before a submit -------------------------------------------------------------------

/** Blocking: a required field of general information or approval is empty. */
export const NOTES_CHECK_ERRORS = ['field_missing'] as const;
/** Confirmable: a section is neither written nor marked not applicable. */
export const NOTES_CHECK_WARNINGS = ['section_empty'] as const;

export interface NotesCheckEntry {
  code: (typeof NOTES_CHECK_ERRORS)[number] | (typeof NOTES_CHECK_WARNINGS)[number];
  section: NotesKey;
  field?: string;
}
export interface NotesCheckResult {
  errors: NotesCheckEntry[];
  warnings: NotesCheckEntry[];
}

/** Written: some prose, a table line with a label or an amount, or a filled field. */
export function notesSectionWritten(s: NotesSectionData): boolean {
  if (s.text.trim() !== '') return true;
  if (s.rows.some((r) => r.label.trim() !== '' || r.current !== null || r.prior !== null)) return true;
  return Object.values(s.fields).some((v) => v.trim() !== '');
}

/** The two grades of checks before a submit (DESIGN §8.2), section by section in order. */
export function notesChecks(sections: readonly NotesSectionData[]): NotesCheckResult {
  const out: NotesCheckResult = { errors: [], warnings: [] };
  const byKey = new Map(sections.map((s) => [s.key, s]));
  for (const key of NOTES_SECTION_KEYS) {
    const s = byKey.get(key);
    const required = NOTES_REQUIRED_FIELDS[key];
    if (required) {
      for (const field of required) if (!s || (s.fields[field] ?? '').trim() === '') out.errors.push({ code: 'field_missing', section: key, field });
      continue;
    }
    if (!s || (!s.notApplicable && !notesSectionWritten(s))) out.warnings.push({ code: 'section_empty', section: key });
  }
  return out;
}
