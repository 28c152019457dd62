import { API_BASE, type FileMeta, FilePaths } from '@bansi/shared';
import { Anchor, Box, Group, Loader, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { FileDownloadCard } from '../../components/file-download-card';
import { ImagePreview } from '../../components/image-preview';
import { PageTitle } from '../../components/page-title';
import { PdfViewer } from '../../components/pdf-viewer';
import { paths } from '../../config/paths';
import { api } from '../../lib/api-client';

/**
 * /dashboard/document-viewer/:sub_id/:uuid and …/other/:sub_id/:uuid: a file of a submission (a
 * checklist file or an additional one) in the PDF viewer, read by range from the files endpoint; a PNG or
 * JPEG in the image preview.
 */
export default function DocumentViewerRoute() {
  const { t } = useTranslation();
  const { sub_id: subId = '', uuid = '' } = useParams();
  // The name for the title and for downloads; the viewer reports a missing file on its own.
  const meta = useQuery({ queryKey: ['files', uuid], queryFn: () => api<FileMeta>(FilePaths.one(uuid)), retry: false });
  const content = `${API_BASE}${FilePaths.content(uuid)}`;
  return (
    <Box style={{ display: 'flex', flexDirection: 'column', height: 'calc(100dvh - 60px - 2 * var(--mantine-spacing-md))', minHeight: 480 }}>
      <PageTitle>{t('dashboard.viewer.title')}</PageTitle>
      <Group gap="sm" mb="sm" wrap="wrap">
        <Anchor component={Link} to={paths.dashboard.submissionDetail(subId)} size="sm">
          <Group gap={4} wrap="nowrap">
            <IconArrowLeft size={14} />
            {t('library.viewer.backToSubmission')}
          </Group>
        </Anchor>
        {meta.data && (
          <Text size="sm" c="dimmed" data-testid="document-name">
            {meta.data.originalName}
          </Text>
        )}
      </Group>
      <Box style={{ flex: 1, minHeight: 0 }}>
        {meta.isPending ? (
          <Loader size="sm" aria-label={t('common.loading')} />
        ) : meta.data && (meta.data.kind === 'png' || meta.data.kind === 'jpeg') ? (
          <ImagePreview key={uuid} src={content} downloadUrl={`${content}?download=1`} fileName={meta.data.originalName} />
        ) : meta.data && meta.data.kind !== 'pdf' ? (
          // A spreadsheet, Word document or CSV: no viewer, a download card.
          <FileDownloadCard file={meta.data} downloadUrl={`${content}?download=1`} />
        ) : (
          <PdfViewer key={uuid} url={content} downloadUrl={`${content}?download=1`} fileName={meta.data?.originalName} />
        )}
      </Box>
    </Box>
  );
}
