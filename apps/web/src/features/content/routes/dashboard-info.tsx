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
  const { t } = useTranslation();
  const lng = useLang();
  const { page: key = '' } = useParams();
  const { data: page, isPending, error } = useInfoPage(key);
  if (isPending) return <Skeleton h={300} radius="md" />;
  if (error || !page) return <NotFoundOrError error={error} home={paths.dashboard.root} />;
  return (
    <Stack gap="sm" maw={860} lang={page.lang}>
      <PageTitle>{page.title}</PageTitle>
      <RichText html={page.bodyHtml} lang={page.lang} />
      <Text size="xs" c="gray.7">
        {t('content.page.updated', { date: formatDate(page.updatedAt, lng) })}
      </Text>
    </Stack>
  );
}
