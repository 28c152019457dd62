import type { Role } from '@bansi/shared';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageSpinner } from '../../components/page-spinner';
import { paths } from '../../config/paths';
import { useSession } from '../../features/auth/api/get-session';

/**
 * Shows `children` to a logged-in user whose role is in `roles`; sends a visitor to /login (and back
 * afterwards); shows `refusal` to a logged-in user of another role. The server enforces the same rule.
 */
export function RequireSession({ roles, children, refusal }: { roles: readonly Role[]; children: ReactNode; refusal: ReactNode }) {
  const { data: session, isPending, isError } = useSession();
  const location = useLocation();
  if (isPending) return <PageSpinner />;
  if (isError || !session) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`${paths.login}?next=${encodeURIComponent(next)}`} replace />;
  }
  if (!roles.includes(session.user.role)) return <>{refusal}</>;
  return <>{children}</>;
}
