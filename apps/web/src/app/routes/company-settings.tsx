import { PageSpinner } from '../../components/page-spinner';
import { useSession } from '../../features/auth/api/get-session';
import { CompanySettings } from '../../features/company/routes/settings';

/** /dashboard/settings: the company feature's screen, told by the session whether the user may edit. */
export default function CompanySettingsRoute() {
  const { data: session } = useSession();
  // The dashboard layout only renders its screens for a logged-in company user.
  if (!session) return <PageSpinner />;
  return <CompanySettings canEdit={session.user.role === 'company_admin'} currentUserId={session.user.id} />;
}
