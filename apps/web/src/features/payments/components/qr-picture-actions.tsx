import type { Invoice } from '@bansi/shared';
import { Button, Group, Text } from '@mantine/core';
import { IconPhotoDown, IconShare } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLak } from '../../../lib/format';
import { useLang } from '../../../lib/use-lang';
import { qrPicture } from '../lib/qr-picture';

/** Where the Web Share API can send files (Android's Chrome, iOS Safari): offer to share the picture too. */
function canShareFiles(): boolean {
  try {
    const probe = new File([new Uint8Array(1)], 'probe.png', { type: 'image/png' });
    return typeof navigator.canShare === 'function' && navigator.canShare({ files: [probe] });
  } catch {
    return false;
  }
}

/** Save the invoice's LAO QR as a picture (amount and number printed under the code), or share it. */
export function QrPictureActions({ invoice, payload }: { invoice: Invoice; payload: string }) {
  const { t } = useTranslation();
  const lng = useLang();
  const [busy, setBusy] = useState<'save' | 'share' | null>(null);
  const [shareable] = useState(canShareFiles);
  const fileName = `${invoice.number}-laoqr.png`;

  const picture = async () => {
    const blob = await qrPicture(payload, {
      amount: `${t('payments.amount')}: ${formatLak(invoice.total, lng)}`,
      number: `${t('payments.number')}: ${invoice.number}`,
    });
    return new File([blob], fileName, { type: 'image/png' });
  };

  const save = async () => {
    setBusy('save');
    try {
      const url = URL.createObjectURL(await picture());
      const a = document.createElement('a');
      a.href = url;
      a.download = fileName;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } finally {
      setBusy(null);
    }
  };

  const share = async () => {
    setBusy('share');
    try {
      await navigator.share({ files: [await picture()], title: t('payments.qrImage.fileTitle', { number: invoice.number }) });
    } catch {
      // The person closed the share sheet, or the target refused: nothing to undo.
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <Group gap="xs">
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPhotoDown size={16} />}
          loading={busy === 'save'}
          onClick={() => void save()}
          data-testid="qr-save"
        >
          {t('payments.qrImage.save')}
        </Button>
        {shareable ? (
          <Button
            variant="light"
            size="xs"
            leftSection={<IconShare size={16} />}
            loading={busy === 'share'}
            onClick={() => void share()}
            data-testid="qr-share"
          >
            {t('payments.qrImage.share')}
          </Button>
        ) : null}
      </Group>
      <Text size="xs" c="dimmed">
        {t('payments.qrImage.hint')}
      </Text>
    </>
  );
}
