import type { FileMeta } from '@bansi/shared';
import { Anchor, Button, Group, Text } from '@mantine/core';
import { IconDownload, IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatBytes } from '../../../components/file-upload/format-bytes';
import { formatDateTime } from '../../../lib/format';
import { fileContentUrl } from '../api/file-urls';
import { useLang } from '../../../lib/use-lang';

/** A file's name, size and date, with "view" (the viewer route, or a callback) and "download". */
export function FileLine({
  file,
  viewHref,
  onView,
  staff,
  testId,
}: {
  file: FileMeta;
  /** the viewer route of the company side */
  viewHref?: string;
  /** the back office opens its own viewer */
  onView?: () => void;
  staff?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const lng = useLang();
  return (
    <Group justify="space-between" gap="xs" wrap="wrap" data-testid={testId} data-file-id={file.id}>
      <div style={{ minWidth: 0, flex: '1 1 12rem' }}>
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }} data-testid="file-name">
          {file.originalName}
        </Text>
        <Text size="xs" c="dimmed">
          {t('submission.file.meta', {
            kind: t(`submission.fileKind.${file.kind}`),
            size: formatBytes(file.size, lng),
            date: formatDateTime(file.createdAt, lng),
          })}
        </Text>
      </div>
      <Group gap={6} wrap="nowrap">
        {viewHref ? (
          <Button component={Link} to={viewHref} size="compact-sm" variant="subtle" leftSection={<IconEye size={14} />}>
            {t('submission.upload.view')}
          </Button>
        ) : onView ? (
          <Button size="compact-sm" variant="subtle" leftSection={<IconEye size={14} />} onClick={onView}>
            {t('submission.upload.view')}
          </Button>
        ) : null}
        <Anchor
          href={fileContentUrl(file.id, { staff, download: true })}
          download={file.originalName}
          size="sm"
          aria-label={t('submission.file.downloadNamed', {
            name: file.originalName,
          })}
        >
          <Group gap={4} wrap="nowrap">
            <IconDownload size={14} />
            {t('submission.upload.download')}
          </Group>
        </Anchor>
      </Group>
    </Group>
  );
}
