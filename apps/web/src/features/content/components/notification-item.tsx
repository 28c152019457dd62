import type { NotificationSummary } from '@bansi/shared';
import { Anchor, Badge, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import { useLang } from '../../../lib/use-lang';

/** One notification in a list: title (the link), date, excerpt, and "new" when this user has not opened it. */
export function NotificationItem({
  item,
  to,
}: {
  item: NotificationSummary;
  /** where the title leads (default: the public notification) */ to?: string;
}) {
  const { t } = useTranslation();
  const lng = useLang();
  const unread = item.read === false;
  return (
    <Paper withBorder p="md" radius="md" data-testid="notification-item" data-unread={unread || undefined}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Anchor component={Link} to={to ?? paths.notification(item.id)} fw={unread ? 700 : 600} c="inherit" underline="hover">
          {item.title}
        </Anchor>
        {unread ? (
          <Badge size="sm" color="red" variant="filled" style={{ flexShrink: 0 }}>
            {t('content.notifications.new')}
          </Badge>
        ) : null}
      </Group>
      <Group gap="xs" mt={4}>
        <Text size="xs" c="gray.7" component="time" dateTime={item.publishedAt}>
          {formatDate(item.publishedAt, lng)}
        </Text>
        {item.audience !== 'public' ? (
          <Badge size="xs" variant="outline">
            {t(`content.audience.for.${item.audience}`)}
          </Badge>
        ) : null}
      </Group>
      {item.excerpt ? (
        <Text size="sm" c="gray.7" mt={4} lineClamp={2}>
          {item.excerpt}
        </Text>
      ) : null}
    </Paper>
  );
}
