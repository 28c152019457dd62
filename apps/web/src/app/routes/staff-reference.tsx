import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../components/page-spinner';
import { useSession } from '../../features/auth/api/get-session';
import { StaffReferenceScreen } from '../../features/backoffice/routes/reference';
import { lazyPart } from '../../lib/lazy';

const HolidaysPanel = lazyPart(() => import('../../features/bookings/components/holidays-panel').then((m) => m.HolidaysPanel));
const FeeEditor = lazyPart(() => import('../../features/payments/components/fee-editor').then((m) => m.FeeEditor));

/**
 * The back office's reference data: staff admins edit, reviewers read (the API enforces the same).
 * Holidays (bookings) and the fee schedule (payments, staff admins only) are reference data too.
 */
export default function StaffReferenceRoute() {
  const { t } = useTranslation();
  const { data: session, isPending } = useSession();
  if (isPending) return <PageSpinner />;
  const isAdmin = session?.user.role === 'staff_admin';
  const extra = [
    { key: 'holidays', label: t('bookings.staff.tabHolidays'), panel: <HolidaysPanel /> },
    ...(isAdmin ? [{ key: 'fees', label: t('payments.staff.tabs.fees'), panel: <FeeEditor /> }] : []),
  ];
  return <StaffReferenceScreen isAdmin={isAdmin} extra={extra} />;
}
