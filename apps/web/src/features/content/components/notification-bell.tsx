import type { NotificationSummary } from '@bansi/shared';
import { ActionIcon, Anchor, Divider, Indicator, Loader, Popover, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import { useLatestNotifications } from '../api/get-notifications';
import { useUnreadCount } from '../api/get-unread-count';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { useLang } from '../../../lib/use-lang';

/**
 * The dashboard header's bell: the unread count as a badge and the latest notifications in a dropdown.
 * An item opens inside the dashboard (decision 096): the screen it concerns when it has a link (a
 * submission), else its reading view under /dashboard/news; opening it marks it read.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const lng = useLang();
  const navigate = useNavigate();
  const [listOpen, setListOpen] = useState(false);
  const unread = useUnreadCount().data?.unread ?? 0;
  const list = useLatestNotifications(8);
  const { mutate: markRead } = useMarkNotificationRead();

  const open = (n: NotificationSummary) => {
    setListOpen(false);
    if (n.link?.startsWith('/dashboard')) {
      if (n.read === false) markRead(n.id);
      void navigate(n.link);
    } else {
      void navigate(paths.dashboard.notification(n.id));
    }
  };

  return (
    // The button itself is the popover's target: Mantine sets aria-expanded on the target, which a div may not carry.
    <Indicator
      disabled={unread === 0}
      label={<span data-testid="unread-count">{unread > 99 ? '99+' : unread}</span>}
      size={18}
      color="red"
      offset={4}
    >
      <Popover opened={listOpen} onChange={setListOpen} position="bottom-end" width={340} shadow="md" withinPortal>
        <Popover.Target>
          <ActionIcon
            variant="default"
            size="lg"
            onClick={() => setListOpen((o) => !o)}
            aria-label={t('content.bell.label', { count: unread })}
            data-testid="notification-bell"
          >
            <IconBell size={20} />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p="xs">
          <Text fw={700} px="xs" pb="xs">
            {t('nav.notifications')}
          </Text>
          <ScrollArea.Autosize mah={360}>
            {list.isPending ? (
              <Loader size="sm" m="xs" />
            ) : !list.data || list.data.items.length === 0 ? (
              <Text size="sm" c="gray.7" px="xs">
                {t('content.notifications.empty')}
              </Text>
            ) : (
              <Stack gap={2}>
                {list.data.items.map((n) => (
                  <UnstyledButton
                    key={n.id}
                    p="xs"
                    onClick={() => open(n)}
                    data-testid="bell-item"
                    data-unread={n.read === false || undefined}
                    data-link={n.link ?? undefined}
                    style={{ borderRadius: 'var(--mantine-radius-sm)' }}
                  >
                    <Text size="sm" fw={n.read === false ? 700 : 400} lineClamp={2}>
                      {n.title}
                    </Text>
                    <Text size="xs" c="gray.7">
                      {formatDate(n.publishedAt, lng)}
                      {n.read === false ? ` · ${t('content.notifications.new')}` : ''}
                    </Text>
                  </UnstyledButton>
                ))}
              </Stack>
            )}
          </ScrollArea.Autosize>
          <Divider my="xs" />
          <Anchor component={Link} to={paths.dashboard.notifications} size="sm" px="xs" onClick={() => setListOpen(false)} data-testid="bell-all">
            {t('content.home.allNotifications')}
          </Anchor>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
