import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NotFound } from '../../../components/not-found';
import { ApiError } from '../../../lib/api-client';

/** A failed read: the not-found screen for a 404, otherwise a short message. */
export function NotFoundOrError({ error, home }: { error: unknown; home?: string }) {
  const { t } = useTranslation();
  if (error instanceof ApiError && error.status === 404) return <NotFound home={home} />;
  return (
    <Alert color="red" title={t('content.loadFailed')}>
      {error instanceof ApiError ? t(`errors.${error.code}`) : t('errors.INTERNAL')}
    </Alert>
  );
}
