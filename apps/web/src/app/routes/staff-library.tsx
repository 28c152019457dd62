import { PageSpinner } from '../../components/page-spinner';
import { useSession } from '../../features/auth/api/get-session';
import { StaffLibraryScreen } from '../../features/library/routes/staff-library';

/** The back office's reading library: staff admins publish, reviewers read (the API enforces the same). */
export default function StaffLibraryRoute() {
  const { data: session, isPending } = useSession();
  if (isPending) return <PageSpinner />;
  return <StaffLibraryScreen canPublish={session?.user.role === 'staff_admin'} />;
}
