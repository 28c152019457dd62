import { Button, Center, Stack, Text, Title } from '@mantine/core';
import {
  IconBooks,
  IconBuilding,
  IconCalendarEvent,
  IconChartBar,
  IconClipboardCheck,
  IconDatabase,
  IconGauge,
  IconHistory,
  IconWebhook,
  IconNews,
  IconNotes,
  IconReceipt,
  IconUsers,
  IconKey,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useSession } from '../../features/auth/api/get-session';
import { RequireSession } from './require-session';
import { ShellLayout, type ShellNavItem } from './shell-layout';

/** `adminOnly`: screens whose API answers staff admins only (a reviewer is not shown a screen that would refuse them). */
const nav: (ShellNavItem & { adminOnly?: boolean })[] = [
  { to: paths.staff.root, labelKey: 'staff.nav.overview', icon: <IconGauge size={18} />, end: true },
  { to: paths.staff.submissions, labelKey: 'staff.nav.submissions', icon: <IconClipboardCheck size={18} /> },
  { to: paths.staff.notes, labelKey: 'notesUi.staff.nav', icon: <IconNotes size={18} /> },
  { to: paths.staff.bookings, labelKey: 'bookings.staff.nav', icon: <IconCalendarEvent size={18} /> },
  { to: paths.staff.invoices, labelKey: 'payments.staff.nav', icon: <IconReceipt size={18} /> },
  { to: paths.staff.companies, labelKey: 'staff.nav.companies', icon: <IconBuilding size={18} /> },
  { to: paths.staff.reports, labelKey: 'staff.nav.reports', icon: <IconChartBar size={18} /> },
  { to: paths.staff.content, labelKey: 'staff.nav.content', icon: <IconNews size={18} /> },
  { to: paths.staff.library, labelKey: 'staff.nav.library', icon: <IconBooks size={18} /> },
  { to: paths.staff.reference, labelKey: 'staff.nav.reference', icon: <IconDatabase size={18} /> },
  { to: paths.staff.accounts, labelKey: 'staff.nav.accounts', icon: <IconUsers size={18} />, adminOnly: true },
  { to: paths.staff.apiKeys, labelKey: 'apiKeys.nav', icon: <IconKey size={18} />, adminOnly: true },
  { to: paths.staff.audit, labelKey: 'audit.nav', icon: <IconHistory size={18} />, adminOnly: true },
  { to: paths.staff.webhooks, labelKey: 'webhooks.nav', icon: <IconWebhook size={18} />, adminOnly: true },
];

/** A company user who opens the back office is told plainly that it is for the service's staff. */
function StaffOnly() {
  const { t } = useTranslation();
  return (
    <Center mih="70vh" p="md">
      <Stack align="center" maw={480} data-testid="staff-refusal">
        <Title order={1} size="h2" ta="center">
          {t('staff.refusal.title')}
        </Title>
        <Text c="dimmed" ta="center">
          {t('staff.refusal.body')}
        </Text>
        <Button component={Link} to={paths.dashboard.root}>
          {t('staff.refusal.back')}
        </Button>
      </Stack>
    </Center>
  );
}

export default function StaffLayout() {
  const { t } = useTranslation();
  const { data: session } = useSession();
  const isAdmin = session?.user.role === 'staff_admin';
  return (
    <RequireSession roles={['staff_reviewer', 'staff_admin']} refusal={<StaffOnly />}>
      <ShellLayout nav={nav.filter((item) => isAdmin || !item.adminOnly)} title={t('staff.title')} />
    </RequireSession>
  );
}
