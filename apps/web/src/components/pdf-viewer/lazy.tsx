import { Center, Group, Loader, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { PdfViewerProps } from './types';

// pdf.js and its viewer are large: they load in a chunk of their own, only where a PDF is shown.
const Viewer = lazy(() => import('./pdf-viewer'));

function Preparing({ height }: { height: PdfViewerProps['height'] }) {
  const { t } = useTranslation();
  return (
    <Center h={height ?? '100%'} mih={200} data-testid="pdf-viewer-preparing">
      <Group gap="sm">
        <Loader size="sm" />
        <Text>{t('viewer.preparing')}</Text>
      </Group>
    </Center>
  );
}

/** The PDF viewer of DESIGN §5, loaded on first use. */
export function PdfViewer(props: PdfViewerProps) {
  return (
    <Suspense fallback={<Preparing height={props.height} />}>
      <Viewer {...props} />
    </Suspense>
  );
}
