import { PageSpinner } from '../../components/page-spinner';
import { useSession } from '../../features/auth/api/get-session';
import { StaffContentScreen } from '../../features/content/routes/staff-content';

/** The back office's content screen: staff admins write, reviewers read (the API enforces the same). */
export default function StaffContentRoute() {
  const { data: session, isPending } = useSession();
  if (isPending) return <PageSpinner />;
  return <StaffContentScreen canWrite={session?.user.role === 'staff_admin'} />;
}
