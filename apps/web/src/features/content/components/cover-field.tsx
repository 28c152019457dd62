import type { ContentImage } from '@bansi/shared';
import { Button, FileButton, Group, Image, Input, Text } from '@mantine/core';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/error-text';
import { useUploadCover } from '../api/upload-cover';

/** The post's cover image: upload (JPEG, PNG or WebP, up to 5 MB; checked and resized by the API) or remove. */
export function CoverField({ image, onChange }: { image: ContentImage | null; onChange: (image: ContentImage | null) => void }) {
  const { t } = useTranslation();
  const upload = useUploadCover();
  return (
    <Input.Wrapper
      label={t('content.editor.cover')}
      description={t('content.editor.coverHint')}
      error={upload.isError ? errorText(upload.error) : undefined}
    >
      <Group mt={4} align="flex-start">
        {image ? <Image src={image.thumbUrl} alt="" w={180} h={120} radius="sm" data-testid="cover-preview" /> : null}
        <Group gap="xs">
          <FileButton accept="image/jpeg,image/png,image/webp" onChange={(file) => file && upload.mutate(file, { onSuccess: onChange })}>
            {(props) => (
              <Button {...props} variant="default" leftSection={<IconPhotoUp size={16} />} loading={upload.isPending} data-testid="cover-upload">
                {image ? t('content.editor.coverReplace') : t('content.editor.coverUpload')}
              </Button>
            )}
          </FileButton>
          {image ? (
            <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={() => onChange(null)}>
              {t('content.editor.coverRemove')}
            </Button>
          ) : null}
        </Group>
      </Group>
      {!image ? (
        <Text size="xs" c="gray.7" mt={4}>
          {t('content.editor.noCover')}
        </Text>
      ) : null}
    </Input.Wrapper>
  );
}
