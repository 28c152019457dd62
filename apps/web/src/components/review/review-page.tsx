import { Alert, Anchor, Group, Stack } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { errorText } from '../../lib/error-text';
import { PageSpinner } from '../page-spinner';
import { PageTitle } from '../page-title';

/**
 * The page around every staff review screen (filing, notes, slip): the way back to its list, the title, and the
 * subject once it has loaded (a spinner before, the failure's message instead). The screen itself is `ReviewScreen`.
 */
export function ReviewPage<T>({
  back,
  backLabel,
  backTestId,
  title,
  detail,
  children,
}: {
  /** the list the reviewer came from (with its filters) */
  back: string;
  backLabel: string;
  backTestId?: string;
  title: string;
  detail: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  return (
    <Stack gap="md">
      <Anchor component={Link} to={back} size="sm" data-testid={backTestId}>
        <Group gap={4} wrap="nowrap">
          <IconArrowLeft size={14} />
          {backLabel}
        </Group>
      </Anchor>
      <PageTitle>{title}</PageTitle>
      {detail.isPending ? (
        <PageSpinner />
      ) : detail.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {errorText(detail.error)}
        </Alert>
      ) : (
        children(detail.data)
      )}
    </Stack>
  );
}
