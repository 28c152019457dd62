import { PageSpinner } from '../../components/page-spinner';
import { useSession } from '../../features/auth/api/get-session';
import { StaffReferenceScreen } from '../../features/backoffice/routes/reference';

/** The back office's reference data: staff admins edit, reviewers read (the API enforces the same). */
export default function StaffReferenceRoute() {
  const { data: session, isPending } = useSession();
  if (isPending) return <PageSpinner />;
  return <StaffReferenceScreen isAdmin={session?.user.role === 'staff_admin'} />;
}
