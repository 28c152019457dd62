import type { ReactNode } from 'react';
import { Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import { useInfoPage } from '../api/get-page';
import { useLang } from '../../../lib/use-lang';
import { NotFoundOrError } from '../components/not-found-or-error';
import { RichText } from '../components/rich-text';

/** /dashboard/info/:page: an information page staff wrote (fees, FAQ, contacts …); not found when none. */
export default function DashboardInfoRoute() {
  const { page: key = '' } = useParams();
  return <InfoPage pageKey={key} />;
}

/** An information page, with what another feature adds under the staff's text (the fee schedule on 'fees'). */
export function InfoPage({ pageKey, children }: { pageKey: string; children?: ReactNode }) {
  const { t } = useTranslation();
  const lng = useLang();
  const { data: page, isPending, error } = useInfoPage(pageKey);
  if (isPending) return <Skeleton h={300} radius="md" />;
  if (error || !page) return <NotFoundOrError error={error} home={paths.dashboard.root} />;
  return (
    <Stack gap="sm" maw={860} lang={page.lang}>
      <PageTitle>{page.title}</PageTitle>
      <RichText html={page.bodyHtml} lang={page.lang} />
      {children}
      <Text size="xs" c="gray.7">
        {t('content.page.updated', { date: formatDate(page.updatedAt, lng) })}
      </Text>
    </Stack>
  );
}
