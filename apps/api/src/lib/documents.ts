import type { DocumentKind } from '@bansi/shared';
import type { SelectQueryBuilder } from 'kysely';
import type { Database } from '../db/schema';
import type { Executor } from './deps';

/**
 * The all-document history (`GET /documents`) is ONE SQL query over sources (decisions 033, 102):
 * each module that owns documents registers a source giving one or more SELECTs of the columns of
 * `DocumentRow` for a company; the list unions them (`UNION ALL … ORDER BY at DESC, id DESC LIMIT
 * n + 1`, keyset on (at, id)). Submissions register the submissions source, payments the invoice
 * receipts, notes its notes documents.
 */
export interface DocumentRow {
  kind: DocumentKind;
  /** unique across sources (a row's own UUID); the keyset's tie-break */
  id: string;
  bookYear: number;
  /** ISO-8601 UTC; the list's order */
  at: string;
  submissionId: string | null;
  /** the submission's (or notes document's) status */
  status: string | null;
  /** the file the entry shows (its metadata is read for the page's rows only) */
  fileId: string | null;
  /** a checklist slot's code (submission files: its name comes from the reference data) */
  slot: string | null;
  /** 1 for a file version that a newer one replaced */
  superseded: number;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type DocumentSelect = SelectQueryBuilder<Database, any, DocumentRow>;

export interface DocumentSource {
  /** the kinds this source produces; a `?kind=` filter asks only the sources that produce it */
  kinds: readonly DocumentKind[];
  /**
   * SELECTs (not executed) of every `DocumentRow` column, aliased by those names, of this company's
   * documents (of `bookYear` when given). The list adds the keyset, the order and the limit around
   * each, so `at` and `id` should be indexed columns of the company's rows (e.g. (company_id, created_at, id)).
   */
  selects(db: Executor, companyId: string, filter: { bookYear?: number }): DocumentSelect[];
}

const sources = new Map<string, DocumentSource>();

export function registerDocumentSource(name: string, source: DocumentSource): void {
  sources.set(name, source);
}

export function documentSources(kind?: DocumentKind): DocumentSource[] {
  return [...sources.values()].filter((s) => !kind || s.kinds.includes(kind));
}
