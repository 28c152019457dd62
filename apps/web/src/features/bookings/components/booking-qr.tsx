import { Image, Skeleton } from '@mantine/core';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/** The booking's QR code (the link staff scan at the counter), drawn in the browser. */
export function BookingQr({ url, alt, size = 160 }: { url: string; alt: string; size?: number }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 1, width: size * 2 }).then((data) => live && setSrc(data));
    return () => {
      live = false;
    };
  }, [url, size]);
  return src ? <Image src={src} alt={alt} w={size} h={size} data-testid="booking-qr" /> : <Skeleton w={size} h={size} />;
}
