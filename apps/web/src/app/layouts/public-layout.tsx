import { Anchor, Box, Burger, Container, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../lib/use-lang';
import { Link, NavLink, Outlet, ScrollRestoration } from 'react-router';
import { LanguageSelect } from '../../components/language-select';
import { OfflineNotice } from '../../components/offline-notice';
import { TranslationBanner } from '../../components/translation-banner';
import { paths } from '../../config/paths';
import { useApiIndex } from '../../api/get-api-index';
import { formatClock } from '../../lib/format';
import { SessionLinks } from './session-links';
import classes from './public-layout.module.css';

/** DESIGN §2: the public content starts 60 px below the header. */
export const PUBLIC_HEADER_HEIGHT = 60;

const menu = [
  { to: paths.home, key: 'nav.home', end: true },
  { to: paths.blogs, key: 'nav.news' },
  { to: paths.notifications, key: 'nav.notifications' },
  { to: paths.aboutUs, key: 'nav.about' },
] as const;

// The phone menu's drawer (modal, focus trap, scroll lock, scroll area) is code the first visit does not
// need: it loads when the menu is first opened (DESIGN §7, first load ≤ 150 KB).
const MenuDrawer = lazy(() => import('./public-menu-drawer'));

export function PublicLayout() {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const [menuUsed, setMenuUsed] = useState(false);
  const links = menu.map((item) => (
    <NavLink key={item.to} to={item.to} end={'end' in item} className={classes.link} onClick={close}>
      {t(item.key)}
    </NavLink>
  ));
  return (
    <>
      {/* A plain fixed header: AppShell's resizable panels are the dashboard's, not the first visit's. */}
      <Box component="header" className={classes.header} h={PUBLIC_HEADER_HEIGHT}>
        <Container size="lg" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Anchor component={Link} to={paths.home} underline="never" fw={700} fz="lg" c="blue">
              {t('common.appName')}
            </Anchor>
            <Group component="nav" aria-label={t('nav.main')} gap="xs" visibleFrom="md">
              {links}
            </Group>
            <Group gap="xs" wrap="nowrap" visibleFrom="md">
              <LanguageSelect testId="language-header" />
              <SessionLinks />
            </Group>
            <Burger
              opened={opened}
              onClick={() => {
                setMenuUsed(true);
                toggle();
              }}
              hiddenFrom="md"
              aria-label={t('nav.openMenu')}
            />
          </Group>
        </Container>
      </Box>
      {menuUsed ? (
        <Suspense fallback={null}>
          <MenuDrawer opened={opened} onClose={close} title={t('common.appName')}>
            <Stack component="nav" aria-label={t('nav.main')} gap="xs">
              {links}
              <LanguageSelect testId="language-drawer" />
              <SessionLinks vertical onNavigate={close} />
            </Stack>
          </MenuDrawer>
        </Suspense>
      ) : null}
      <Box pt={PUBLIC_HEADER_HEIGHT}>
        <TranslationBanner />
        <OfflineNotice />
        <Box component="main" id="content" mih={`calc(100vh - ${PUBLIC_HEADER_HEIGHT}px)`}>
          <Container size="lg" py="xl">
            <Outlet />
          </Container>
        </Box>
        <Footer />
      </Box>
      <ScrollRestoration />
    </>
  );
}

function Footer() {
  const { t } = useTranslation();
  const lng = useLang();
  const { data } = useApiIndex();
  const provider = data?.provider;
  return (
    <Box component="footer" className={classes.footer} data-testid="footer">
      <Container size="lg" py="xl">
        {provider ? (
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
            <Stack gap={4}>
              <Text fw={700}>{lng === 'en' ? provider.nameEn : provider.nameLo}</Text>
              <Text size="sm">{lng === 'en' ? provider.descriptionEn : provider.descriptionLo}</Text>
            </Stack>
            <Stack gap={4}>
              <Text fw={700}>{t('footer.contact')}</Text>
              {provider.phones.map((phone) => (
                <Anchor key={phone} href={`tel:${phone.replace(/\s/g, '')}`} size="sm" aria-label={`${t('footer.phone')} ${phone}`}>
                  {phone}
                </Anchor>
              ))}
              <Anchor href={`mailto:${provider.email}`} size="sm">
                {provider.email}
              </Anchor>
            </Stack>
            <Stack gap={4}>
              <Text fw={700}>{t('footer.hours')}</Text>
              <Text size="sm">
                {t('footer.hoursValue', { from: formatClock(provider.hours.from, lng), to: formatClock(provider.hours.to, lng) })}
              </Text>
              <LanguageSelect testId="language-footer" />
            </Stack>
          </SimpleGrid>
        ) : (
          <Skeleton h={120} />
        )}
        <Text size="xs" mt="lg" ta="center">
          {/* The sentence ends with its own full stop: a holder ending in "Ltd." must not make it "Ltd.." */}
          {provider ? t('footer.copyright', { year: provider.copyrightYear, holder: provider.copyrightHolder.replace(/\.+$/, '') }) : null}
        </Text>
      </Container>
    </Box>
  );
}
