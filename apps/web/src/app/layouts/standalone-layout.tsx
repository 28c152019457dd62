import { Anchor, Box, Container, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, ScrollRestoration } from 'react-router';
import { LanguageSelect } from '../../components/language-select';
import { OfflineNotice } from '../../components/offline-notice';
import { TranslationBanner } from '../../components/translation-banner';
import { paths } from '../../config/paths';

/** Log in, register, password reset, thanks and QR check: a narrow page with the name and a language choice. */
export function StandaloneLayout() {
  const { t } = useTranslation();
  return (
    <Box mih="100vh" bg="gray.0">
      <TranslationBanner />
      <OfflineNotice />
      <Container size="sm" py="md">
        <Group justify="space-between" mb="lg">
          <Anchor component={Link} to={paths.home} underline="never" fw={700} fz="lg" c="blue">
            {t('common.appName')}
          </Anchor>
          <LanguageSelect testId="language-standalone" />
        </Group>
        <Box component="main" id="content" bg="white" p={{ base: 'md', sm: 'xl' }} style={{ borderRadius: 12 }}>
          <Outlet />
        </Box>
      </Container>
      <ScrollRestoration />
    </Box>
  );
}
