import { localized } from '@bansi/shared';
import { Anchor, Badge, Group, Loader, Paper, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBell, IconBook, IconBuilding, IconCalendarEvent, IconCreditCard, IconNotes } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../lib/use-lang';
import { Link } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { paths } from '../../config/paths';
import { useMyCompany } from '../../api/get-my-company';
import { useUnreadCount } from '../../features/content/api/get-unread-count';
import { SubmissionDeadline } from '../../features/content/components/submission-deadline';
import { useApiIndex } from '../../api/get-api-index';
import { SubmissionOverviewCard } from '../../features/submissions/components/submission-overview-card';

function Card({
  icon,
  title,
  to,
  linkLabel,
  children,
  testId,
  soon,
}: {
  icon: ReactNode;
  title: string;
  to: string;
  linkLabel: string;
  children?: ReactNode;
  testId: string;
  soon?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" radius="md" data-testid={testId}>
      <Group wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" size="lg" color={soon ? 'gray' : 'blue'} aria-hidden>
          {icon}
        </ThemeIcon>
        <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={700}>{title}</Text>
            {soon && (
              <Badge size="sm" variant="light" color="gray">
                {t('common.comingSoon.title')}
              </Badge>
            )}
          </Group>
          {children}
          {!soon && (
            <Anchor component={Link} to={to} size="sm">
              {linkLabel}
            </Anchor>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}

/**
 * /dashboard: this book year at a glance — the submission's status, the days left to 31 March, the
 * company profile, unread notifications — and honest "coming soon" cards for what is not built yet.
 */
export default function DashboardOverviewRoute() {
  const { t } = useTranslation();
  const lng = useLang();
  const bookYear = useApiIndex().data?.bookYear;
  const company = useMyCompany();
  const unread = useUnreadCount();
  const unreadCount = unread.data?.unread ?? 0;
  return (
    <Stack gap="md">
      <PageTitle>{t('dashboard.nav.overview')}</PageTitle>
      {company.data && (
        <Text c="dimmed" mt={-8}>
          {t('submission.overview.welcome', {
            name: localized(company.data.nameLo, company.data.nameEn, lng),
          })}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {bookYear ? <SubmissionOverviewCard bookYear={bookYear} /> : <Loader size="sm" />}
        {bookYear ? <SubmissionDeadline bookYear={bookYear} /> : null}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        <Card
          icon={<IconBuilding size={20} />}
          title={t('submission.overview.profile')}
          to={paths.dashboard.settings}
          linkLabel={t('submission.overview.profileLink')}
          testId="overview-profile"
        >
          {company.data && (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {t('submission.overview.profileBody', { tin: company.data.tin })}
            </Text>
          )}
        </Card>
        <Card
          icon={<IconBell size={20} />}
          title={t('submission.overview.notifications')}
          to={paths.notifications}
          linkLabel={t('submission.overview.notificationsLink')}
          testId="overview-notifications"
        >
          <Text size="sm" c={unreadCount > 0 ? 'blue.8' : 'dimmed'} fw={unreadCount > 0 ? 600 : 400}>
            {unreadCount > 0 ? t('submission.overview.unread', { count: unreadCount }) : t('submission.overview.noUnread')}
          </Text>
        </Card>
        <Card
          icon={<IconBook size={20} />}
          title={t('dashboard.nav.guideBook')}
          to={paths.dashboard.guideBook}
          linkLabel={t('submission.overview.guideLink')}
          testId="overview-guide"
        >
          <Text size="sm" c="dimmed">
            {t('submission.overview.guideBody')}
          </Text>
        </Card>
        <Card
          icon={<IconNotes size={20} />}
          title={t('dashboard.nav.createNotes')}
          to={paths.dashboard.createNotes}
          linkLabel=""
          testId="overview-notes"
          soon
        />
        <Card
          icon={<IconCalendarEvent size={20} />}
          title={t('dashboard.nav.booking')}
          to={paths.dashboard.booking}
          linkLabel=""
          testId="overview-booking"
          soon
        />
        <Card
          icon={<IconCreditCard size={20} />}
          title={t('dashboard.nav.payment')}
          to={paths.dashboard.payment}
          linkLabel=""
          testId="overview-payment"
          soon
        />
      </SimpleGrid>
    </Stack>
  );
}
