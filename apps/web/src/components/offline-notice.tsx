import { Alert } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

const subscribe = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

/**
 * Without a connection the service worker still opens pages already seen (sw/sw.ts); this says that what
 * shows is the copy kept on the device. Its words travel in the bundle (boot), like the catalogs' own banner.
 */
export function OfflineNotice() {
  // Online in the home page prerendered at build time (decision 285).
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  const { t } = useTranslation('boot');
  if (online) return null;
  return (
    <Alert color="gray" radius={0} icon={<IconWifiOff size={18} />} data-testid="offline-notice" role="status">
      {t('offline')}
    </Alert>
  );
}
