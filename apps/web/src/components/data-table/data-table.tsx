import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/error-text';
import { PageSpinner } from '../page-spinner';

/** One page of a list as every list route answers it (CONVENTIONS "Lists"). */
export interface ListPage<T> {
  items: T[];
  nextCursor: string | null;
}

export interface DataTableProps<T> {
  /** the list's infinite query (one page per cursor) */
  query: UseInfiniteQueryResult<InfiniteData<ListPage<T>>, Error>;
  /** the filter controls, in a row that wraps on a phone */
  filters?: ReactNode;
  /** a line under the filters (e.g. the sort order) */
  note?: ReactNode;
  rowKey: (item: T) => string;
  renderRow: (item: T) => ReactNode;
  /** what an empty list shows: a sentence, or a call to action */
  empty: ReactNode;
  /** data-testid of the list itself */
  testId: string;
}

/**
 * A filtered, paginated list: filters, then a spinner, the problem, the empty state or the rows
 * with "show more" while the server has a next cursor. Rows are the caller's (cards that also fit
 * 360 px); filters live in the address (`useUrlFilters`), so a filtered list survives a reload.
 */
export function DataTable<T>({ query, filters, note, rowKey, renderRow, empty, testId }: DataTableProps<T>) {
  const { t } = useTranslation();
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <>
      {filters && (
        <Group gap="sm" align="flex-end" wrap="wrap">
          {filters}
        </Group>
      )}
      {note}
      {query.isPending ? (
        <PageSpinner />
      ) : query.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {errorText(query.error)}
        </Alert>
      ) : items.length === 0 ? (
        empty
      ) : (
        <Stack gap="xs" data-testid={testId}>
          {items.map((item) => (
            <Fragment key={rowKey(item)}>{renderRow(item)}</Fragment>
          ))}
          {query.hasNextPage && (
            <Button variant="default" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage} data-testid="load-more">
              {t('lists.more')}
            </Button>
          )}
        </Stack>
      )}
    </>
  );
}
