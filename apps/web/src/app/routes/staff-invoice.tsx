import { PageSpinner } from '../../components/page-spinner';
import { useSession } from '../../features/auth/api/get-session';
import { StaffInvoiceScreen } from '../../features/payments/routes/staff-invoice';

/** One invoice on the review screen: every staff member decides on its slip; staff admins also reverse a payment. */
export default function StaffInvoiceRoute() {
  const { data: session, isPending } = useSession();
  if (isPending) return <PageSpinner />;
  return <StaffInvoiceScreen isAdmin={session?.user.role === 'staff_admin'} />;
}
