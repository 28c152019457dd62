import { Anchor, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLatestNotifications } from '../api/get-notifications';
import { NotificationItem } from './notification-item';

/** The newest notifications the reader may see, with a link to all of them. */
export function LatestNotifications({ count = 4, allHref }: { count?: number; allHref: string }) {
  const { t } = useTranslation();
  const { data, isPending, isError } = useLatestNotifications(count);
  return (
    <section aria-labelledby="latest-notifications-title" data-testid="latest-notifications">
      <Group justify="space-between" mb="md">
        <Title order={2} size="h3" id="latest-notifications-title">
          {t('content.home.latestNotifications')}
        </Title>
        <Anchor component={Link} to={allHref} size="sm">
          {t('content.home.allNotifications')}
        </Anchor>
      </Group>
      {isPending ? (
        <Skeleton h={180} radius="md" />
      ) : isError ? (
        <Text c="gray.7">{t('content.loadFailed')}</Text>
      ) : data.items.length === 0 ? (
        <Text c="gray.7">{t('content.notifications.empty')}</Text>
      ) : (
        <Stack gap="sm">
          {data.items.map((n) => (
            <NotificationItem key={n.id} item={n} />
          ))}
        </Stack>
      )}
    </section>
  );
}
