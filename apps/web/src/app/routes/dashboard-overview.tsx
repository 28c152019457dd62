import { formatLak, localized } from '@bansi/shared';
import { Anchor, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBell, IconBook, IconBuilding, IconCalendarEvent, IconCreditCard } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../lib/use-lang';
import { Link } from 'react-router';
import { CardSkeleton, LineSkeleton } from '../../components/card-skeleton';
import { PageTitle } from '../../components/page-title';
import { paths } from '../../config/paths';
import { useMyCompany } from '../../api/get-my-company';
import { useUnreadCount } from '../../features/content/api/get-unread-count';
import { SubmissionDeadline } from '../../features/content/components/submission-deadline';
import { useApiIndex } from '../../api/get-api-index';
import { SubmissionOverviewCard } from '../../features/submissions/components/submission-overview-card';
import { NotesOverviewCard } from '../../features/notes/components/notes-overview-card';
import { useSubmissionCheck } from '../../features/submissions/api/check-submission';
import { useBookings } from '../../features/bookings/api/list-bookings';
import { slotText } from '../../features/bookings/components/slot-label';
import { useInvoices } from '../../features/payments/api/list-invoices';

// Every card is at least this tall, loading or loaded, whichever state it shows (the longest text at 360 px and
// in the grid's columns, in both languages; the late deadline is the tallest): nothing moves when the data
// arrives (e2e/layout-stability.spec.ts).
const FIRST_ROW_MIN_HEIGHT = { base: 240, sm: 215 };
const CARD_MIN_HEIGHT = 140;

function Card({
  icon,
  title,
  to,
  linkLabel,
  children,
  testId,
}: {
  icon: ReactNode;
  title: string;
  to: string;
  linkLabel: string;
  children?: ReactNode;
  testId: string;
}) {
  return (
    <Paper withBorder p="md" radius="md" mih={CARD_MIN_HEIGHT} data-testid={testId}>
      <Group wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" size="lg" color="blue" aria-hidden>
          {icon}
        </ThemeIcon>
        <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
          <Text fw={700}>{title}</Text>
          {children}
          <Anchor component={Link} to={to} size="sm">
            {linkLabel}
          </Anchor>
        </Stack>
      </Group>
    </Paper>
  );
}

/**
 * /dashboard: this book year at a glance — the submission's status, the deadline (late, and what to do,
 * once it has passed unfiled), the company profile, unread notifications, the next hand-in booking and
 * what is left to pay. Only what exists: no "coming soon" cards (decision 099).
 */
export default function DashboardOverviewRoute() {
  const { t } = useTranslation();
  const lng = useLang();
  const bookYear = useApiIndex().data?.bookYear;
  const company = useMyCompany();
  const unread = useUnreadCount();
  const unreadCount = unread.data?.unread ?? 0;
  const check = useSubmissionCheck(bookYear);
  const upcoming = useBookings('upcoming');
  const nextBooking = upcoming.data?.pages[0]?.items[0];
  const open = useInvoices({ status: 'open' });
  const toPay = open.data?.items ?? [];
  const toPayTotal = toPay.reduce((sum, invoice) => sum + invoice.total, 0);
  return (
    <Stack gap="md">
      <PageTitle>{t('dashboard.nav.overview')}</PageTitle>
      {/* One line, placeholder or name, so the cards below start where they will stay. */}
      <Text c="dimmed" mt={-8} lineClamp={1} data-testid="overview-welcome" component="div">
        {company.data ? (
          t('submission.overview.welcome', { name: localized(company.data.nameLo, company.data.nameEn, lng) })
        ) : (
          <LineSkeleton size="md" width="16rem" />
        )}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {bookYear ? (
          <SubmissionOverviewCard bookYear={bookYear} mih={FIRST_ROW_MIN_HEIGHT} />
        ) : (
          <CardSkeleton testId="overview-submission" mih={FIRST_ROW_MIN_HEIGHT} />
        )}
        {bookYear && check.data ? (
          <SubmissionDeadline bookYear={bookYear} submitted={check.data.submitted} mih={FIRST_ROW_MIN_HEIGHT} />
        ) : (
          <CardSkeleton testId="submission-deadline" mih={FIRST_ROW_MIN_HEIGHT} />
        )}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {bookYear ? <NotesOverviewCard bookYear={bookYear} mih={CARD_MIN_HEIGHT} /> : <CardSkeleton testId="overview-notes" mih={CARD_MIN_HEIGHT} />}
        <Card
          icon={<IconBuilding size={20} />}
          title={t('submission.overview.profile')}
          to={paths.dashboard.settings}
          linkLabel={t('submission.overview.profileLink')}
          testId="overview-profile"
        >
          {company.data ? (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {t('submission.overview.profileBody', { tin: company.data.tin })}
            </Text>
          ) : (
            <LineSkeleton />
          )}
        </Card>
        <Card
          icon={<IconBell size={20} />}
          title={t('submission.overview.notifications')}
          to={paths.dashboard.notifications}
          linkLabel={t('submission.overview.notificationsLink')}
          testId="overview-notifications"
        >
          {unread.isPending ? (
            <LineSkeleton />
          ) : (
            <Text size="sm" c={unreadCount > 0 ? 'blue.8' : 'dimmed'} fw={unreadCount > 0 ? 600 : 400}>
              {unreadCount > 0 ? t('submission.overview.unread', { count: unreadCount }) : t('submission.overview.noUnread')}
            </Text>
          )}
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
          icon={<IconCalendarEvent size={20} />}
          title={t('dashboard.nav.booking')}
          to={paths.dashboard.booking}
          linkLabel={t('dashboard.overview.bookingLink')}
          testId="overview-booking"
        >
          {upcoming.isPending ? (
            <LineSkeleton />
          ) : (
            <Text size="sm" c={nextBooking ? undefined : 'dimmed'}>
              {nextBooking ? t('dashboard.overview.bookingNext', { slot: slotText(nextBooking, lng) }) : t('dashboard.overview.bookingNone')}
            </Text>
          )}
        </Card>
        <Card
          icon={<IconCreditCard size={20} />}
          title={t('dashboard.nav.payment')}
          to={paths.dashboard.payment}
          linkLabel={t('dashboard.overview.paymentLink')}
          testId="overview-payment"
        >
          {open.isPending ? (
            <LineSkeleton />
          ) : (
            <Text size="sm" c={toPay.length > 0 ? 'blue.8' : 'dimmed'} fw={toPay.length > 0 ? 600 : 400}>
              {toPay.length > 0
                ? t('dashboard.overview.paymentOpen', { count: toPay.length, amount: formatLak(toPayTotal, lng) })
                : t('dashboard.overview.paymentNone')}
            </Text>
          )}
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
