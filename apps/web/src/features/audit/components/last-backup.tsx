import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDatabaseExport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { useLang } from '../../../lib/use-lang';
import { useLastBackup } from '../api/last-backup';

/** The last backup (`npm run backup` or the nightly one): when, how large, and whether it succeeded. */
export function LastBackupPanel() {
  const { t } = useTranslation();
  const lng = useLang();
  const { data } = useLastBackup();
  const backup = data?.backup;
  const size = (bytes: number) => new Intl.NumberFormat(lng, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(bytes / 1_000_000);
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-labelledby="last-backup-title" data-testid="last-backup">
      <Stack gap={4}>
        <Group gap="xs">
          <IconDatabaseExport size={20} aria-hidden />
          <Title order={2} size="h4" id="last-backup-title">
            {t('backup.title')}
          </Title>
        </Group>
        {data && !backup ? (
          <Text c="dimmed" size="sm" data-testid="last-backup-none">
            {t('backup.none')}
          </Text>
        ) : null}
        {backup ? (
          <Group gap="lg" wrap="wrap">
            <Text size="sm">
              {t('backup.at')}: <span data-testid="last-backup-at">{formatDateTime(backup.at, lng)}</span>
            </Text>
            <Text size="sm">
              {t('backup.size')}: <span data-testid="last-backup-size">{size(backup.size)}</span>
            </Text>
            <Text size="sm" component="div">
              {t('backup.result')}:{' '}
              <Badge color={backup.result === 'ok' ? 'green' : 'red'} variant="light" data-testid="last-backup-result">
                {t(`backup.results.${backup.result}`)}
              </Badge>
            </Text>
          </Group>
        ) : null}
        {backup?.error ? (
          <Text size="sm" c="red" style={{ overflowWrap: 'anywhere' }}>
            {backup.error}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
