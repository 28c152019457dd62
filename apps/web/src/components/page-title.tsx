import { Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The screen's heading, also used as the browser tab title. */
export function PageTitle({ children }: { children: string }) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${children} · ${t('common.appName')}`;
  }, [children, t]);
  return (
    <Title order={1} size="h2" mb="md">
      {children}
    </Title>
  );
}
