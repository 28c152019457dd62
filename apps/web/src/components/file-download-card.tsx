import { type FileMeta } from '@bansi/shared';
import { Button, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconDownload, IconFile } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../lib/use-lang';
import { formatBytes } from './file-upload/format-bytes';

/** A file the browser cannot show inline (a spreadsheet, a Word document, a CSV): name, kind, size, download. */
export function FileDownloadCard({ file, downloadUrl }: { file: FileMeta; downloadUrl: string }) {
  const { t } = useTranslation();
  const lng = useLang();
  return (
    <Paper withBorder p="lg" radius="md" maw={520} data-testid="file-download-card">
      <Stack gap="sm" align="flex-start">
        <ThemeIcon variant="light" size="xl" aria-hidden>
          <IconFile />
        </ThemeIcon>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {file.originalName}
        </Text>
        <Text size="sm" c="dimmed">
          {t('submission.viewer.noPreview', {
            kind: t(`submission.fileKind.${file.kind}`),
            size: formatBytes(file.size, lng),
          })}
        </Text>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {t('submission.upload.sha256')}: {file.sha256}
        </Text>
        <Button component="a" href={downloadUrl} download={file.originalName} leftSection={<IconDownload size={16} />}>
          {t('submission.upload.download')}
        </Button>
      </Stack>
    </Paper>
  );
}
