import { PageSpinner } from '../../components/page-spinner';
import { useSession } from '../../features/auth/api/get-session';
import { StaffInvoicesScreen } from '../../features/payments/routes/staff-invoices';

/** Staff billing: reviewers work invoices and slips; staff admins also edit the fee schedule (the API enforces the same). */
export default function StaffInvoicesRoute() {
  const { data: session, isPending } = useSession();
  if (isPending) return <PageSpinner />;
  return <StaffInvoicesScreen isAdmin={session?.user.role === 'staff_admin'} />;
}
