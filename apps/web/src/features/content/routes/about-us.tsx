import { Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';
import { ApiError } from '../../../lib/api-client';
import { useInfoPage } from '../api/get-page';
import { NotFoundOrError } from '../components/not-found-or-error';
import { usePageMeta } from '../components/page-meta';
import { RichText } from '../components/rich-text';

/** /about-us: the page staff write under the key "about-us". */
export default function AboutUsRoute() {
  const { t } = useTranslation();
  const { data: page, isPending, error } = useInfoPage('about-us');
  usePageMeta(t('nav.about'), t('content.meta.about'));
  return (
    <Stack gap="md" maw={820}>
      <PageTitle>{t('nav.about')}</PageTitle>
      {isPending ? (
        <Skeleton h={240} radius="md" />
      ) : page ? (
        <RichText html={page.bodyHtml} lang={page.lang} />
      ) : error instanceof ApiError && error.status === 404 ? (
        <Text c="gray.7">{t('content.page.empty')}</Text>
      ) : (
        <NotFoundOrError error={error} />
      )}
    </Stack>
  );
}
