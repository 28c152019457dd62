import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ChunkLoadError } from '../lib/lazy';
import { NotFound } from './not-found';

/**
 * What a route shows when it fails: not-found for a 404, and otherwise an error screen with a
 * reload button (a screen whose code did not load gets its own message) — never a blank page.
 */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const chunk = error instanceof ChunkLoadError;
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="sm" maw={480} data-testid={chunk ? 'chunk-error' : 'route-error'}>
        <Title order={1} size="h2" ta="center">
          {t(chunk ? 'routeError.chunkTitle' : 'routeError.title')}
        </Title>
        <Text c="dimmed" ta="center">
          {t(chunk ? 'routeError.chunkBody' : 'routeError.body')}
        </Text>
        <Button onClick={() => window.location.reload()}>{t('common.reload')}</Button>
      </Stack>
    </Center>
  );
}
