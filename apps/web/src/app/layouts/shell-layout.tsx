import { AppShell, Burger, Group, NavLink as MantineNavLink, ScrollArea, Text, Anchor } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, ScrollRestoration, useLocation, useNavigate } from 'react-router';
import { LanguageSelect } from '../../components/language-select';
import { OfflineNotice } from '../../components/offline-notice';
import { TranslationBanner } from '../../components/translation-banner';
import { paths } from '../../config/paths';
import { useLogout } from '../../features/auth/api/logout';

// Loaded when first opened: the form and its meter are not part of every screen's first load.
const ChangePasswordDialog = lazy(() => import('../../features/auth/components/change-password-dialog'));

export interface ShellNavItem {
  to: string;
  labelKey: string;
  icon: ReactNode;
  end?: boolean;
}

/** The frame of the dashboard and the back office: header, navigation (a drawer on phones), content. */
export function ShellLayout({ nav, title, headerExtra }: { nav: ShellNavItem[]; title: string; headerExtra?: ReactNode }) {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const [changing, changingPassword] = useDisclosure(false);
  const navigate = useNavigate();
  const logout = useLogout(() => navigate(paths.home));
  const { pathname } = useLocation();
  return (
    <AppShell header={{ height: 60 }} navbar={{ width: 280, breakpoint: 'md', collapsed: { mobile: !opened } }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="md" size="sm" aria-label={t('nav.openMenu')} />
            <Anchor component={Link} to={paths.home} underline="never" fw={700} c="blue">
              {t('common.appName')}
            </Anchor>
            <Text c="dimmed" size="sm" visibleFrom="sm">
              {title}
            </Text>
          </Group>
          <Group gap="xs" wrap="nowrap">
            {headerExtra}
            <LanguageSelect testId="language-shell" />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label={title}>
        <AppShell.Section grow component={ScrollArea}>
          <nav aria-label={title}>
            {nav.map((item) => (
              <MantineNavLink
                key={item.to}
                component={NavLink}
                to={item.to}
                end={item.end}
                label={t(item.labelKey)}
                leftSection={item.icon}
                active={item.end ? pathname === item.to : pathname.startsWith(item.to)}
                onClick={close}
              />
            ))}
          </nav>
        </AppShell.Section>
        <AppShell.Section>
          <MantineNavLink
            component="button"
            label={t('nav.changePassword')}
            onClick={() => {
              close();
              changingPassword.open();
            }}
          />
          <MantineNavLink component="button" label={t('nav.logout')} onClick={() => logout.mutate()} />
        </AppShell.Section>
      </AppShell.Navbar>
      {/* AppShell.Main is the page's one <main> (another inside it would nest two landmarks). */}
      <AppShell.Main id="content">
        <TranslationBanner />
        <OfflineNotice />
        <Outlet />
      </AppShell.Main>
      {changing ? (
        <Suspense fallback={null}>
          <ChangePasswordDialog opened onClose={changingPassword.close} />
        </Suspense>
      ) : null}
      <ScrollRestoration />
    </AppShell>
  );
}
