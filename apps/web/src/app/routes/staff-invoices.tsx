import { PageSpinner } from '../../components/page-spinner';
import { useSession } from '../../features/auth/api/get-session';
import { StaffInvoicesScreen } from '../../features/payments/routes/staff-invoices';

/**
 * The back office's invoices: every staff member decides on slips; staff admins also reverse a payment and see
 * the test bank's wiring (the API enforces the same).
 */
export default function StaffInvoicesRoute() {
  const { data: session, isPending } = useSession();
  if (isPending) return <PageSpinner />;
  return <StaffInvoicesScreen isAdmin={session?.user.role === 'staff_admin'} />;
}
