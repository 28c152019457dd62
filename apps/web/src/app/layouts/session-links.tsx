import { isStaffRole } from '@bansi/shared';
import { Button, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useSession } from '../../features/auth/api/get-session';
import { useLogout } from '../../features/auth/api/logout';

/** Log in and register for a visitor; the dashboard (or back office) and log out once logged in. */
export function SessionLinks({ vertical = false, onNavigate }: { vertical?: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { data: session, isPending } = useSession();
  const navigate = useNavigate();
  const logout = useLogout(() => navigate(paths.home));
  const Wrap = vertical ? Stack : Group;
  if (isPending) return null;
  if (!session) {
    return (
      <Wrap gap="xs">
        <Button component={Link} to={paths.login} variant="default" size="sm" onClick={onNavigate}>
          {t('nav.login')}
        </Button>
        <Button component={Link} to={paths.register} size="sm" onClick={onNavigate}>
          {t('nav.register')}
        </Button>
      </Wrap>
    );
  }
  const home = isStaffRole(session.user.role) ? paths.staff.root : paths.dashboard.root;
  return (
    <Wrap gap="xs">
      <Button component={Link} to={home} size="sm" onClick={onNavigate}>
        {t(isStaffRole(session.user.role) ? 'nav.staff' : 'nav.dashboard')}
      </Button>
      <Button variant="default" size="sm" loading={logout.isPending} onClick={() => logout.mutate()}>
        {t('nav.logout')}
      </Button>
    </Wrap>
  );
}
