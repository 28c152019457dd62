import { acceptAttribute, DEFAULT_UPLOAD_MAX_BYTES, type FileKind } from '@bansi/shared';
import { ActionIcon, Button, FileButton, Group, Paper, Progress, Stack, Text, Tooltip, type ButtonProps } from '@mantine/core';
import { IconCheck, IconPlayerPause, IconPlayerPlay, IconUpload, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../lib/use-lang';
import { formatBytes } from './format-bytes';
import { useUploads, type UploadItem } from './use-uploads';

export interface FileUploadProps {
  /** what the file belongs to, as the files API knows it (e.g. 'submission' + its id) */
  ownerKind: string;
  ownerId: string;
  /** the owner's slot (a document type's code, or 'other') */
  slot: string;
  /** the kinds this slot takes: the picker offers only these, the server checks the content */
  kinds: readonly FileKind[];
  maxBytes?: number;
  /** replace this file (it stays in the history) */
  replaces?: string;
  /** several files at once (each with its own progress) */
  multiple?: boolean;
  /** the button's text */
  label: string;
  buttonProps?: ButtonProps;
  disabled?: boolean;
  /** shown next to the button (e.g. the current file) */
  children?: ReactNode;
  onUploaded?: (fileId: string) => void;
  /** data-testid of the whole component; rows get `${testId}-item` */
  testId?: string;
  /** drop a row once its file is stored (the owner shows the file itself) */
  clearDone?: boolean;
}

/**
 * A file picker that uploads with tus: a progress bar per file, pause and resume, waits through a
 * dropped connection and goes on from where it stopped; a refused file says why (too large, wrong type).
 */
export function FileUpload({
  ownerKind,
  ownerId,
  slot,
  kinds,
  maxBytes = DEFAULT_UPLOAD_MAX_BYTES,
  replaces,
  multiple,
  label,
  buttonProps,
  disabled,
  children,
  onUploaded,
  testId,
  clearDone,
}: FileUploadProps) {
  const { t } = useTranslation();
  const lng = useLang();
  const { items, start, pause, resume, cancel, dismiss, busy } = useUploads(
    { ownerKind, ownerId, slot, replaces, kinds, maxBytes },
    onUploaded,
    clearDone,
  );
  const kindNames = kinds.map((k) => t(`submission.fileKind.${k}`)).join(', ');
  const accept = acceptAttribute(kinds);

  const picker = (
    <FileButton
      accept={accept}
      disabled={disabled || (!multiple && busy)}
      multiple={multiple as true}
      onChange={(picked: File[] | File | null) => {
        const files = Array.isArray(picked) ? picked : picked ? [picked] : [];
        for (const file of files) start(file);
      }}
      inputProps={
        {
          'data-testid': testId ? `${testId}-input` : undefined,
        } as React.ComponentProps<'input'>
      }
    >
      {(props) => (
        <Button leftSection={<IconUpload size={16} />} variant="light" {...buttonProps} {...props} disabled={disabled || (!multiple && busy)}>
          {label}
        </Button>
      )}
    </FileButton>
  );

  return (
    <Stack gap="xs" data-testid={testId}>
      <Group gap="sm" wrap="wrap" align="center">
        {children}
        {picker}
      </Group>
      <Text size="xs" c="dimmed">
        {t('submission.upload.hint', {
          kinds: kindNames,
          size: formatBytes(maxBytes, lng),
        })}
      </Text>
      {items.map((item) => (
        <UploadRow
          key={item.key}
          item={item}
          lng={lng}
          testId={testId ? `${testId}-item` : undefined}
          onPause={() => pause(item.key)}
          onResume={() => resume(item.key)}
          onCancel={() => cancel(item.key)}
          onDismiss={() => dismiss(item.key)}
        />
      ))}
    </Stack>
  );
}

function UploadRow({
  item,
  lng,
  testId,
  onPause,
  onResume,
  onCancel,
  onDismiss,
}: {
  item: UploadItem;
  lng: 'lo' | 'en';
  testId?: string;
  onPause: () => void;
  onResume: () => void;
  onCancel: () => void;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  const percent = item.size > 0 ? Math.floor((item.sent / item.size) * 100) : 0;
  const color =
    item.state === 'failed' ? 'red' : item.state === 'done' ? 'teal' : item.state === 'offline' || item.state === 'paused' ? 'yellow' : 'blue';
  const status =
    item.state === 'done'
      ? t('submission.upload.done')
      : item.state === 'checking'
        ? t('submission.upload.checking')
        : item.state === 'paused'
          ? t('submission.upload.pausedByUser', { percent })
          : item.state === 'failed'
            ? item.error
            : item.state === 'offline'
              ? t('submission.upload.paused')
              : t('submission.upload.uploading', { percent });
  const running = item.state === 'uploading' || item.state === 'checking';
  return (
    <Paper withBorder p="xs" radius="sm" data-testid={testId} data-state={item.state}>
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
          {item.name}
        </Text>
        <Group gap={4} wrap="nowrap">
          {item.state === 'uploading' && (
            <Tooltip label={t('submission.upload.pause')}>
              <ActionIcon variant="subtle" aria-label={t('submission.upload.pause')} onClick={onPause}>
                <IconPlayerPause size={16} />
              </ActionIcon>
            </Tooltip>
          )}
          {(item.state === 'paused' || item.state === 'offline') && (
            <Tooltip label={t('submission.upload.resume')}>
              <ActionIcon variant="subtle" aria-label={t('submission.upload.resume')} onClick={onResume}>
                <IconPlayerPlay size={16} />
              </ActionIcon>
            </Tooltip>
          )}
          {item.state === 'done' ? (
            <IconCheck size={18} color="var(--mantine-color-teal-7)" aria-hidden />
          ) : item.state === 'failed' ? (
            <Tooltip label={t('submission.upload.dismiss')}>
              <ActionIcon variant="subtle" color="gray" aria-label={t('submission.upload.dismiss')} onClick={onDismiss}>
                <IconX size={16} />
              </ActionIcon>
            </Tooltip>
          ) : (
            <Tooltip label={t('submission.upload.cancel')}>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('submission.upload.cancel')}
                onClick={onCancel}
                disabled={item.state === 'checking'}
              >
                <IconX size={16} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Group>
      <Progress
        value={item.state === 'failed' ? 100 : percent}
        color={color}
        animated={running}
        striped={running}
        size="sm"
        mt={6}
        aria-label={t('submission.upload.progress', { name: item.name })}
        data-testid={testId ? `${testId}-progress` : undefined}
      />
      <Group justify="space-between" gap="xs" mt={4} wrap="wrap">
        <Text
          size="xs"
          c={item.state === 'failed' ? 'red.9' : 'dimmed'}
          role={item.state === 'failed' ? 'alert' : undefined}
          data-testid={testId ? `${testId}-status` : undefined}
        >
          {status}
        </Text>
        {item.state !== 'failed' && (
          <Text size="xs" c="dimmed">
            {t('submission.upload.bytes', {
              sent: formatBytes(item.sent, lng),
              total: formatBytes(item.size, lng),
            })}
          </Text>
        )}
      </Group>
    </Paper>
  );
}
