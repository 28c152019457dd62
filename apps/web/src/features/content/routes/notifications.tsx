import { Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';
import { useNotifications } from '../api/get-notifications';
import { LoadMore } from '../components/load-more';
import { NotFoundOrError } from '../components/not-found-or-error';
import { NotificationItem } from '../components/notification-item';
import { usePageMeta } from '../components/page-meta';
import { SearchBox } from '../components/search-box';

/** /notification: public notifications (and, for a logged-in company user, those addressed to them). */
export default function NotificationsRoute() {
  const { t } = useTranslation();
  const list = useNotifications();
  usePageMeta(t('nav.notifications'), t('content.meta.notifications'));
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Stack gap="md" maw={820}>
      <PageTitle>{t('nav.notifications')}</PageTitle>
      <SearchBox />
      {list.isPending ? (
        <Skeleton h={240} radius="md" />
      ) : list.isError ? (
        <NotFoundOrError error={list.error} />
      ) : items.length === 0 ? (
        <Text c="gray.7">{t('content.notifications.empty')}</Text>
      ) : (
        <Stack gap="sm" data-testid="notification-list">
          {items.map((n) => (
            <NotificationItem key={n.id} item={n} />
          ))}
          <LoadMore hasMore={list.hasNextPage} loading={list.isFetchingNextPage} onMore={() => void list.fetchNextPage()} />
        </Stack>
      )}
    </Stack>
  );
}
