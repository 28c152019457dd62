import { Alert, Button, Group } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { translationLoadFailed } from '../lib/i18n';

/** When a catalog could not load after its retries, the app still renders and offers a reload. */
export function TranslationBanner() {
  const failed = useSyncExternalStore(translationLoadFailed.subscribe, translationLoadFailed.get, () => false);
  const { t } = useTranslation('boot');
  if (!failed) return null;
  return (
    <Alert color="yellow" radius={0} data-testid="translation-banner" role="alert">
      <Group justify="space-between">
        {t('loadFailed')}
        <Button size="xs" variant="white" onClick={() => window.location.reload()}>
          {t('reload')}
        </Button>
      </Group>
    </Alert>
  );
}
