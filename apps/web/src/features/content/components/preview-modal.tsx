import type { ContentKind } from '@bansi/shared';
import { Image, Loader, Modal, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreview } from '../api/staff-items';
import { RichText } from './rich-text';

/** The saved item as a reader sees it, in Lao or English (English falls back to Lao). */
export function PreviewModal({ kind, id, opened, onClose }: { kind: ContentKind; id: string; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [lang, setLang] = useState<'lo' | 'en'>('lo');
  const preview = usePreview(kind, opened ? id : null, lang);
  return (
    <Modal opened={opened} onClose={onClose} title={t('content.editor.preview')} size="xl">
      <Stack gap="sm">
        <SegmentedControl
          value={lang}
          onChange={(v) => setLang(v as 'lo' | 'en')}
          data={[
            { value: 'lo', label: t('common.languages.lo') },
            { value: 'en', label: t('common.languages.en') },
          ]}
        />
        {preview.isPending ? (
          <Loader size="sm" />
        ) : preview.data ? (
          <Stack gap="sm" lang={preview.data.lang} data-testid="preview">
            {preview.data.lang !== lang ? (
              <Text size="sm" c="orange">
                {t('content.editor.fallbackNotice')}
              </Text>
            ) : null}
            <Title order={2}>{preview.data.title}</Title>
            {preview.data.summary ? <Text c="gray.7">{preview.data.summary}</Text> : null}
            {preview.data.cover ? <Image src={preview.data.cover.largeUrl} alt="" radius="md" /> : null}
            <RichText html={preview.data.bodyHtml} lang={preview.data.lang} />
          </Stack>
        ) : (
          <Text c="gray.7">{t('content.loadFailed')}</Text>
        )}
      </Stack>
    </Modal>
  );
}
