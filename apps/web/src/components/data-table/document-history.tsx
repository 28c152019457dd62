import { DocumentKind, SUBMISSION_STATUSES, SubmissionStatus, type DocumentEntry } from '@bansi/shared';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type ListPage } from './data-table';
import { FilterSelect, useUrlFilters, YearFilter } from './filters';

/** The filters of a document history, kept in the address: `year`, `kind` (one of `kinds`), `status`. */
export function useDocumentHistoryFilters(kinds: readonly DocumentKind[]) {
  const { params, setFilter, bookYear } = useUrlFilters();
  const k = DocumentKind.safeParse(params.get('kind'));
  const s = SubmissionStatus.safeParse(params.get('status'));
  return {
    setFilter,
    bookYear,
    kind: k.success && kinds.includes(k.data) ? k.data : undefined,
    status: s.success ? s.data : undefined,
  };
}

export interface DocumentHistoryProps {
  query: UseInfiniteQueryResult<InfiniteData<ListPage<DocumentEntry>>, Error>;
  /** the kinds the kind filter offers; with one kind there is nothing to choose and the filter is not shown */
  kinds: readonly DocumentKind[];
  /** a review-state filter (`status`), for lists whose source can filter by it */
  withStatus?: boolean;
  renderRow: (entry: DocumentEntry) => ReactNode;
  empty: ReactNode;
  testId: string;
}

/**
 * ONE list of the company's documents (DESIGN §2: the all-document history "reuses the notes-history
 * screen"): the year and kind filters (and the state, where the source has it) over rows the caller
 * renders per kind. /dashboard/all-document-history and /dashboard/notes-document-history both use it.
 */
export function DocumentHistory({ query, kinds, withStatus, renderRow, empty, testId }: DocumentHistoryProps) {
  const { t } = useTranslation();
  const { setFilter, bookYear, kind, status } = useDocumentHistoryFilters(kinds);
  return (
    <DataTable
      query={query}
      filters={
        <>
          <YearFilter value={bookYear} onChange={(v) => setFilter('year', v)} testId="filter-year" />
          {kinds.length > 1 && (
            <FilterSelect
              label={t('submission.filters.kind')}
              data={kinds.map((k) => ({ value: k, label: t(`submission.documentKind.${k}`) }))}
              value={kind ?? ''}
              onChange={(v) => setFilter('kind', v)}
              data-testid="filter-kind"
            />
          )}
          {withStatus && (
            <FilterSelect
              label={t('submission.filters.status')}
              data={SUBMISSION_STATUSES.map((s) => ({ value: s, label: t(`submission.status.${s}`) }))}
              value={status ?? ''}
              onChange={(v) => setFilter('status', v)}
              data-testid="filter-status"
            />
          )}
        </>
      }
      rowKey={(e) => `${e.kind}-${e.id}`}
      renderRow={renderRow}
      empty={empty}
      testId={testId}
    />
  );
}
