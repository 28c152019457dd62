import type { FileMeta } from '@bansi/shared';
import { Box, Modal } from '@mantine/core';
import { useMedia } from '../../../lib/use-media';
import { FileDownloadCard } from '../../../components/file-download-card';
import { ImagePreview } from '../../../components/image-preview';
import { PdfViewer } from '../../../components/pdf-viewer';
import { fileContentUrl } from '../api/file-urls';

/** The back office reads a file in place: PDFs in the viewer (by range, staff endpoint), PNG and JPEG in
 * the image preview, others as a download. */
export function StaffFileViewer({ file, onClose }: { file: FileMeta | null; onClose: () => void }) {
  const phone = useMedia('(max-width: 48em)');
  return (
    <Modal opened={!!file} onClose={onClose} title={file?.originalName} fullScreen={phone} size="90%" centered data-testid="staff-viewer">
      {file &&
        (file.kind === 'pdf' ? (
          <Box h={phone ? 'calc(100dvh - 80px)' : '75vh'}>
            <PdfViewer
              key={file.id}
              url={fileContentUrl(file.id, { staff: true })}
              downloadUrl={fileContentUrl(file.id, {
                staff: true,
                download: true,
              })}
              fileName={file.originalName}
            />
          </Box>
        ) : file.kind === 'png' || file.kind === 'jpeg' ? (
          <ImagePreview
            key={file.id}
            src={fileContentUrl(file.id, { staff: true })}
            downloadUrl={fileContentUrl(file.id, { staff: true, download: true })}
            fileName={file.originalName}
            height={phone ? 'calc(100dvh - 80px)' : '75vh'}
          />
        ) : (
          <FileDownloadCard
            file={file}
            downloadUrl={fileContentUrl(file.id, {
              staff: true,
              download: true,
            })}
          />
        ))}
    </Modal>
  );
}
