import {
  IconBook,
  IconCalendarCheck,
  IconCalendarEvent,
  IconCertificate,
  IconCreditCard,
  IconFileText,
  IconFileUpload,
  IconFiles,
  IconGauge,
  IconHelpCircle,
  IconHistory,
  IconInfoCircle,
  IconNews,
  IconNotes,
  IconPhone,
  IconScale,
  IconSettings,
} from '@tabler/icons-react';
import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';
import { NotificationBell } from '../../features/content/components/notification-bell';
import { RequireSession } from './require-session';
import { ShellLayout, type ShellNavItem } from './shell-layout';

const nav: ShellNavItem[] = [
  { to: paths.dashboard.root, labelKey: 'dashboard.nav.overview', icon: <IconGauge size={18} />, end: true },
  { to: paths.dashboard.submitDocument, labelKey: 'dashboard.nav.submitDocument', icon: <IconFileUpload size={18} />, end: true },
  { to: paths.dashboard.submissionHistory, labelKey: 'dashboard.nav.submissionHistory', icon: <IconHistory size={18} /> },
  { to: paths.dashboard.createNotes, labelKey: 'dashboard.nav.createNotes', icon: <IconNotes size={18} /> },
  { to: paths.dashboard.notesHistory, labelKey: 'dashboard.nav.notesHistory', icon: <IconFileText size={18} /> },
  { to: paths.dashboard.allDocumentHistory, labelKey: 'dashboard.nav.allDocumentHistory', icon: <IconFiles size={18} /> },
  { to: paths.dashboard.booking, labelKey: 'dashboard.nav.booking', icon: <IconCalendarEvent size={18} /> },
  { to: paths.dashboard.finishedBookings, labelKey: 'dashboard.nav.finishedBookings', icon: <IconCalendarCheck size={18} /> },
  { to: paths.dashboard.payment, labelKey: 'dashboard.nav.payment', icon: <IconCreditCard size={18} /> },
  { to: paths.dashboard.news, labelKey: 'dashboard.nav.news', icon: <IconNews size={18} /> },
  { to: paths.dashboard.guideBook, labelKey: 'dashboard.nav.guideBook', icon: <IconBook size={18} /> },
  { to: paths.dashboard.lawBook, labelKey: 'dashboard.nav.lawBook', icon: <IconScale size={18} /> },
  { to: paths.dashboard.license, labelKey: 'dashboard.nav.license', icon: <IconCertificate size={18} /> },
  { to: paths.dashboard.info('fees'), labelKey: 'content.infoPages.fees', icon: <IconInfoCircle size={18} /> },
  { to: paths.dashboard.info('faq'), labelKey: 'content.infoPages.faq', icon: <IconHelpCircle size={18} /> },
  { to: paths.dashboard.info('contacts'), labelKey: 'content.infoPages.contacts', icon: <IconPhone size={18} /> },
  { to: paths.dashboard.settings, labelKey: 'dashboard.nav.settings', icon: <IconSettings size={18} /> },
];

export default function DashboardLayout() {
  const { t } = useTranslation();
  return (
    <RequireSession roles={['company_user', 'company_admin']} refusal={<Navigate to={paths.staff.root} replace />}>
      <ShellLayout nav={nav} title={t('dashboard.title')} headerExtra={<NotificationBell />} />
    </RequireSession>
  );
}
