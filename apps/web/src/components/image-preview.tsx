import { ActionIcon, Alert, Box, Group, Text, Tooltip } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconDownload, IconMaximize, IconRotate2, IconRotateClockwise2, IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../lib/use-lang';

/** Zoom steps, as a share of the size that fits the frame (1 = fit). */
export const IMAGE_ZOOMS = [0.25, 0.5, 0.75, 1, 1.5, 2, 3, 4] as const;

/** The box an image of `natural` size takes when turned by `rotation` and drawn at `scale`. */
export function imageBox(natural: { width: number; height: number }, rotation: number, scale: number) {
  const turned = rotation % 180 !== 0;
  const w = natural.width * scale;
  const h = natural.height * scale;
  return { imageWidth: w, imageHeight: h, boxWidth: turned ? h : w, boxHeight: turned ? w : h };
}

/** The scale at which the turned image fits the frame, never enlarged past its own size. */
export function fitScale(natural: { width: number; height: number }, rotation: number, frame: { width: number; height: number }) {
  if (!natural.width || !natural.height || !frame.width || !frame.height) return 1;
  const { boxWidth, boxHeight } = imageBox(natural, rotation, 1);
  return Math.min(frame.width / boxWidth, frame.height / boxHeight, 1);
}

function Tool({ label, onClick, disabled, children }: { label: string; onClick(): void; disabled?: boolean; children: ReactNode }) {
  return (
    <Tooltip label={label} withinPortal>
      <ActionIcon variant="subtle" color="gray" size="lg" aria-label={label} onClick={onClick} disabled={disabled}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * A PNG or JPEG submission file shown in place (decision 098): zoom in and out from "fits the frame",
 * rotate by quarter turns, download. The image is the API's inline file answer, from our own origin.
 */
export function ImagePreview({
  src,
  downloadUrl,
  fileName,
  height = '100%',
}: {
  src: string;
  downloadUrl: string;
  fileName: string;
  height?: string | number;
}) {
  const { t } = useTranslation();
  const lng = useLang();
  const { ref: frameRef, width, height: frameHeight } = useElementSize();
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const [failed, setFailed] = useState(false);
  const [zoomAt, setZoomAt] = useState(IMAGE_ZOOMS.indexOf(1));
  const [rotation, setRotation] = useState(0);
  const zoom = IMAGE_ZOOMS[zoomAt]!;
  const fit = natural ? fitScale(natural, rotation, { width, height: frameHeight }) : 1;
  const box = natural ? imageBox(natural, rotation, fit * zoom) : null;
  const percent = new Intl.NumberFormat(lng === 'lo' ? 'lo-LA' : 'en-GB', { style: 'percent', maximumFractionDigits: 0 }).format(zoom);
  const turn = (delta: 90 | -90) => setRotation((r) => (((r + delta) % 360) + 360) % 360);

  return (
    <Box
      h={height}
      style={{
        display: 'flex',
        flexDirection: 'column',
        border: '1px solid var(--mantine-color-default-border)',
        borderRadius: 'var(--mantine-radius-sm)',
      }}
      role="region"
      aria-label={t('viewer.image.label')}
      data-testid="image-preview"
      data-zoom={zoom}
      data-rotation={rotation}
    >
      <Group
        gap={4}
        p={4}
        wrap="wrap"
        role="toolbar"
        aria-label={t('viewer.image.tools')}
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Tool label={t('viewer.toolbar.zoomOut')} onClick={() => setZoomAt((z) => Math.max(0, z - 1))} disabled={zoomAt === 0 || failed}>
          <IconZoomOut size={18} />
        </Tool>
        <Text size="sm" miw={64} ta="center" aria-live="polite" aria-label={t('viewer.image.zoomLevel', { percent })} data-testid="image-zoom">
          {percent}
        </Text>
        <Tool
          label={t('viewer.toolbar.zoomIn')}
          onClick={() => setZoomAt((z) => Math.min(IMAGE_ZOOMS.length - 1, z + 1))}
          disabled={zoomAt === IMAGE_ZOOMS.length - 1 || failed}
        >
          <IconZoomIn size={18} />
        </Tool>
        <Tool label={t('viewer.image.fit')} onClick={() => setZoomAt(IMAGE_ZOOMS.indexOf(1))} disabled={zoom === 1 || failed}>
          <IconMaximize size={18} />
        </Tool>
        <Tool label={t('viewer.toolbar.rotateCcw')} onClick={() => turn(-90)} disabled={failed}>
          <IconRotate2 size={18} />
        </Tool>
        <Tool label={t('viewer.toolbar.rotateCw')} onClick={() => turn(90)} disabled={failed}>
          <IconRotateClockwise2 size={18} />
        </Tool>
        <Tooltip label={t('viewer.toolbar.download')} withinPortal>
          <ActionIcon
            component="a"
            href={downloadUrl}
            download={fileName}
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={t('viewer.toolbar.download')}
          >
            <IconDownload size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Box ref={frameRef} style={{ flex: 1, minHeight: 240, overflow: 'auto', position: 'relative', background: 'var(--mantine-color-gray-light)' }}>
        {failed ? (
          <Alert color="red" m="md">
            {t('viewer.image.error')}
          </Alert>
        ) : (
          // The box keeps the turned image's size, so the frame scrolls over all of it when zoomed in.
          <Box
            style={{
              position: 'relative',
              margin: 'auto',
              width: box ? box.boxWidth : '100%',
              height: box ? box.boxHeight : '100%',
              top: box && box.boxHeight < frameHeight ? (frameHeight - box.boxHeight) / 2 : 0,
            }}
          >
            <img
              src={src}
              alt={fileName}
              onLoad={(e) => setNatural({ width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight })}
              onError={() => setFailed(true)}
              data-testid="image-preview-img"
              style={{
                position: 'absolute',
                display: 'block',
                maxWidth: 'none',
                width: box?.imageWidth,
                height: box?.imageHeight,
                left: box ? (box.boxWidth - box.imageWidth) / 2 : 0,
                top: box ? (box.boxHeight - box.imageHeight) / 2 : 0,
                transform: `rotate(${rotation}deg)`,
                visibility: box ? 'visible' : 'hidden',
              }}
            />
          </Box>
        )}
      </Box>
    </Box>
  );
}
