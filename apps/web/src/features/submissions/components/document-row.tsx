import { type DocumentKind, localized, type DocumentEntry } from '@bansi/shared';
import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconChevronRight, IconDownload, IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatBytes } from '../../../components/file-upload/format-bytes';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { fileContentUrl, receiptUrl } from '../api/file-urls';
import { FilingReference } from './filing-reference';
import { StatusBadge } from './status-badge';
import { useLang } from '../../../lib/use-lang';

/** Badge colours of the document kinds (the notes' own row uses `notes`). */
export const KIND_COLORS: Record<DocumentKind, string> = {
  submission: 'blue',
  submission_file: 'grape',
  other_file: 'indigo',
  receipt: 'gray',
  invoice_receipt: 'teal',
  notes: 'orange',
};

/** A row of the all-document history for a submission, its files, receipts and payment receipts. */
export function SubmissionDocumentRow({ entry }: { entry: DocumentEntry }) {
  const { t } = useTranslation();
  const lng = useLang();
  const subId = entry.submissionId ?? entry.id;
  const title =
    entry.kind === 'submission'
      ? t('submission.detail.bookYear', { year: entry.bookYear })
      : (entry.file?.originalName ?? t('submission.documents.unnamed'));
  const slotName = entry.slotNameLo ? localized(entry.slotNameLo, entry.slotNameEn, lng) : null;
  const viewHref =
    entry.file && entry.kind === 'submission_file'
      ? paths.dashboard.documentViewer(subId, entry.file.id)
      : entry.file && entry.kind === 'other_file'
        ? paths.dashboard.otherDocumentViewer(subId, entry.file.id)
        : null;
  const downloadHref = entry.kind === 'receipt' ? receiptUrl(subId) : entry.file ? fileContentUrl(entry.file.id, { download: true }) : null;
  return (
    <Paper withBorder p="sm" radius="md" data-testid="document-item" data-kind={entry.kind}>
      <Group justify="space-between" gap="sm" wrap="wrap" align="flex-start">
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 14rem' }}>
          <Group gap="xs" wrap="wrap">
            <Badge variant="light" color={KIND_COLORS[entry.kind]}>
              {t(`submission.documentKind.${entry.kind}`)}
            </Badge>
            {entry.status && <StatusBadge status={entry.status} size="sm" />}
            <FilingReference reference={entry.reference} size="xs" />
            {entry.superseded && (
              <Badge variant="outline" color="gray" size="sm">
                {t('submission.documents.superseded')}
              </Badge>
            )}
          </Group>
          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Text>
          <Text size="xs" c="dimmed">
            {[
              entry.kind !== 'submission' ? t('submission.detail.bookYear', { year: entry.bookYear }) : null,
              slotName,
              entry.file ? formatBytes(entry.file.size, lng) : null,
              formatDateTime(entry.at, lng),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </Stack>
        <Group gap={6} wrap="nowrap">
          {entry.kind === 'submission' ? (
            <Button
              component={Link}
              to={paths.dashboard.submissionDetail(entry.id)}
              size="compact-sm"
              variant="subtle"
              rightSection={<IconChevronRight size={14} />}
            >
              {t('submission.documents.open')}
            </Button>
          ) : (
            <>
              {viewHref && (
                <Button component={Link} to={viewHref} size="compact-sm" variant="subtle" leftSection={<IconEye size={14} />}>
                  {t('submission.upload.view')}
                </Button>
              )}
              {downloadHref && (
                <Anchor href={downloadHref} download size="sm">
                  <Group gap={4} wrap="nowrap">
                    <IconDownload size={14} />
                    {t('submission.upload.download')}
                  </Group>
                </Anchor>
              )}
            </>
          )}
        </Group>
      </Group>
    </Paper>
  );
}
