import { Alert } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * Without a connection the service worker still opens pages already seen (sw/sw.ts); this says that what
 * shows is the copy kept on the device. Its words travel in the bundle (boot), like the catalogs' own banner.
 */
export function OfflineNotice() {
  const { online } = useNetwork();
  const { t } = useTranslation('boot');
  if (online) return null;
  return (
    <Alert color="gray" radius={0} icon={<IconWifiOff size={18} />} data-testid="offline-notice" role="status">
      {t('offline')}
    </Alert>
  );
}
