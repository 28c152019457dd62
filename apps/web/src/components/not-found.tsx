import { Button, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The not-found screen, in the public layout or inside a shell (`home` says where "back" goes). */
export function NotFound({ home = '/' }: { home?: string }) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${t('notFound.title')} · ${t('common.appName')}`;
  }, [t]);
  return (
    <Stack align="center" py="xl" gap="sm" data-testid="not-found">
      <Text fz={64} fw={700} c="blue" aria-hidden>
        404
      </Text>
      <Title order={1} size="h2">
        {t('notFound.title')}
      </Title>
      <Text c="dimmed" ta="center">
        {t('notFound.body')}
      </Text>
      <Button component={Link} to={home}>
        {t('notFound.back')}
      </Button>
    </Stack>
  );
}
