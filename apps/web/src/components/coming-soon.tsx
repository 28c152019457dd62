import { Paper, Text, ThemeIcon } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** An honest placeholder for a screen whose feature has not been built yet: no fake data. */
export function ComingSoon() {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="xl" radius="md" data-testid="coming-soon">
      <ThemeIcon variant="light" size="xl" mb="sm" aria-hidden>
        <IconTools />
      </ThemeIcon>
      <Text fw={700}>{t('common.comingSoon.title')}</Text>
      <Text c="dimmed">{t('common.comingSoon.body')}</Text>
    </Paper>
  );
}
