import { Anchor, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import { useNotification } from '../api/get-notification';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { useLang } from '../../../lib/use-lang';
import { NotFoundOrError } from '../components/not-found-or-error';
import { usePageMeta } from '../components/page-meta';
import { RichText } from '../components/rich-text';

/** /notification/:id: one notification; opening it marks it read for a company user. */
export default function NotificationRoute() {
  const { t } = useTranslation();
  const lng = useLang();
  const { id = '' } = useParams();
  const { data: n, isPending, error } = useNotification(id);
  const { mutate } = useMarkNotificationRead();
  usePageMeta(n?.title, n?.excerpt);
  useEffect(() => {
    if (n?.read === false) mutate(n.id);
  }, [n, mutate]);
  if (isPending) return <Skeleton h={300} radius="md" />;
  if (error || !n) return <NotFoundOrError error={error} />;
  return (
    <Stack component="article" gap="md" maw={820} lang={n.lang}>
      <Anchor component={Link} to={paths.notifications} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={16} aria-hidden />
          {t('content.notifications.back')}
        </Group>
      </Anchor>
      <Title order={1} size="h2">
        {n.title}
      </Title>
      <Text size="sm" c="gray.7" component="time" dateTime={n.publishedAt}>
        {formatDate(n.publishedAt, lng)}
      </Text>
      <RichText html={n.bodyHtml} lang={n.lang} />
    </Stack>
  );
}
