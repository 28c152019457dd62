import { Skeleton } from '@mantine/core';
import { toDataURL } from 'qrcode';
import { useEffect, useState } from 'react';
import { useReleaseFirstPaint } from '../../../lib/first-paint';

/**
 * The LAO QR payload drawn as a QR code, 280 px: large enough for a bank app to read it from another
 * phone's screen (error correction M, a quiet zone of 4 modules as EMVCo asks).
 */
export function LaoQrImage({ payload, alt }: { payload: string; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void toDataURL(payload, { errorCorrectionLevel: 'M', margin: 4, width: 560 }).then((url) => live && setSrc(url));
    return () => {
      live = false;
    };
  }, [payload]);
  // The server's drawing of this code (plugins/first-paint.ts) steps aside once this one is shown.
  useReleaseFirstPaint(src !== null);
  if (!src) return <Skeleton width={280} height={280} />;
  return (
    <img
      src={src}
      alt={alt}
      width={280}
      height={280}
      data-testid="lao-qr"
      data-payload={payload}
      style={{ imageRendering: 'pixelated', maxWidth: '100%', height: 'auto' }}
    />
  );
}
