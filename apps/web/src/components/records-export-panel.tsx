import { Alert, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconDownload, IconFileZip } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCompanyExports, useRequestCompanyExport } from '../api/company-exports';
import { errorText } from '../lib/error-text';
import { formatDateTime } from '../lib/format';
import { useLang } from '../lib/use-lang';
import { formatBytes } from './file-upload/format-bytes';

/**
 * "All your records": asks for a zip of every record of the company, shows it being prepared, then the
 * download link until it expires. The company admin's own (no `companyId`) or a staff admin's for a company.
 */
export function RecordsExportPanel({ companyId, staff = false }: { companyId?: string; staff?: boolean }) {
  const { t } = useTranslation();
  const lng = useLang();
  const list = useCompanyExports(companyId);
  const request = useRequestCompanyExport(companyId);
  const items = list.data?.items ?? [];
  const preparing = items.some((e) => e.status === 'preparing');
  return (
    <Stack gap="sm" data-testid="records-export">
      <Text c="dimmed">{t(staff ? 'companyExport.staffLead' : 'companyExport.lead')}</Text>
      {request.isError || list.isError ? (
        <Alert color="red" icon={<IconAlertCircle />} role="alert">
          {errorText(request.error ?? list.error)}
        </Alert>
      ) : null}
      <Group>
        <Button leftSection={<IconFileZip size={18} />} onClick={() => request.mutate()} loading={request.isPending} disabled={preparing}>
          {t('companyExport.request')}
        </Button>
      </Group>
      {items.map((e) => (
        <Paper key={e.id} withBorder p="sm" radius="md" data-testid="records-export-item" data-status={e.status}>
          {e.status === 'preparing' ? (
            <Group gap="sm" wrap="nowrap" role="status">
              <Loader size="sm" />
              <Text>{t('companyExport.preparing')}</Text>
            </Group>
          ) : e.status === 'failed' ? (
            <Text c="red">{t('companyExport.failed')}</Text>
          ) : (
            <Stack gap="xs" align="flex-start">
              <Text>
                {t('companyExport.ready', { size: formatBytes(e.size ?? 0, lng), expiresAt: e.expiresAt ? formatDateTime(e.expiresAt, lng) : '' })}
              </Text>
              <Button component="a" href={e.downloadUrl ?? undefined} download variant="light" leftSection={<IconDownload size={18} />}>
                {t('companyExport.download')}
              </Button>
            </Stack>
          )}
        </Paper>
      ))}
    </Stack>
  );
}
