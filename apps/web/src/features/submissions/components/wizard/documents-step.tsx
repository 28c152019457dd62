import { OTHER_SLOT, type ChecklistSlot, type FileMeta, type SubmissionDetail } from '@bansi/shared';
import { Badge, Button, Collapse, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArrowLeft, IconArrowRight, IconHistory, IconPlus, IconRefresh, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { FileUpload } from '../../../../components/file-upload';
import { paths } from '../../../../config/paths';
import { submissionKeys } from '../../api/keys';
import { useLang } from '../../../../lib/use-lang';
import { nameOf } from '../../lib/lang';
import { CommentItem, fileComments } from '../comments';
import { FileLine } from '../file-actions';
import { NotesLink } from './notes-link';

function History({ files, subId, other }: { files: FileMeta[]; subId: string; other?: boolean }) {
  const { t } = useTranslation();
  const [opened, { toggle }] = useDisclosure(false);
  if (files.length === 0) return null;
  return (
    <div>
      <Button variant="subtle" size="compact-xs" leftSection={<IconHistory size={14} />} onClick={toggle} aria-expanded={opened}>
        {t('submission.upload.historyCount', { count: files.length })}
      </Button>
      <Collapse expanded={opened}>
        <Stack gap={6} mt={6} pl="sm" style={{ borderLeft: '2px solid var(--mantine-color-gray-3)' }}>
          {files.map((f) => (
            <FileLine
              key={f.id}
              file={f}
              viewHref={other ? paths.dashboard.otherDocumentViewer(subId, f.id) : paths.dashboard.documentViewer(subId, f.id)}
            />
          ))}
        </Stack>
      </Collapse>
    </div>
  );
}

function SlotCard({
  slot,
  submission,
  readOnly,
  onUploaded,
}: {
  slot: ChecklistSlot;
  submission: SubmissionDetail;
  readOnly: boolean;
  onUploaded: () => void;
}) {
  const { t } = useTranslation();
  const lng = useLang();
  const comments = fileComments(
    submission.comments,
    [slot.file?.id, ...slot.history.map((h) => h.id)].filter((x): x is string => !!x),
    slot.code,
  );
  const name = nameOf(slot, lng);
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      data-testid={`slot-${slot.code}`}
      data-filled={slot.file ? 'true' : 'false'}
      component="section"
      aria-label={name}
    >
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap" align="flex-start">
          <Text fw={600} style={{ overflowWrap: 'anywhere', flex: '1 1 10rem' }}>
            {name}
          </Text>
          <Badge variant={slot.required ? 'filled' : 'light'} color={slot.required ? (slot.file ? 'teal.9' : 'red.9') : 'gray'}>
            {slot.required ? t('submission.upload.required') : t('submission.upload.optional')}
          </Badge>
        </Group>
        {slot.file ? (
          <FileLine file={slot.file} viewHref={paths.dashboard.documentViewer(submission.id, slot.file.id)} testId={`slot-file-${slot.code}`} />
        ) : (
          <Text size="sm" c={slot.required ? 'red.9' : 'dimmed'}>
            {t('submission.upload.empty')}
          </Text>
        )}
        {comments.map((c) => (
          <CommentItem key={c.id} comment={c} />
        ))}
        {!readOnly && (
          <FileUpload
            ownerKind="submission"
            ownerId={submission.id}
            slot={slot.code}
            kinds={slot.kinds}
            maxBytes={submission.files.limits.maxBytes}
            replaces={slot.file?.id}
            label={slot.file ? t('submission.upload.replace') : t('submission.upload.choose')}
            buttonProps={{
              leftSection: slot.file ? <IconRefresh size={16} /> : <IconUpload size={16} />,
              size: 'sm',
            }}
            onUploaded={onUploaded}
            testId={`upload-${slot.code}`}
            clearDone
          />
        )}
        {!readOnly && slot.code === 'notes' && <NotesLink submission={submission} />}
        <History files={slot.history} subId={submission.id} />
      </Stack>
    </Paper>
  );
}

function OtherFile({
  file,
  submission,
  readOnly,
  onUploaded,
}: {
  file: FileMeta;
  submission: SubmissionDetail;
  readOnly: boolean;
  onUploaded: () => void;
}) {
  const { t } = useTranslation();
  const comments = fileComments(submission.comments, [file.id]);
  return (
    <Paper withBorder p="sm" radius="sm" data-testid="other-file">
      <Stack gap="xs">
        <FileLine file={file} viewHref={paths.dashboard.otherDocumentViewer(submission.id, file.id)} />
        {comments.map((c) => (
          <CommentItem key={c.id} comment={c} />
        ))}
        {!readOnly && (
          <FileUpload
            ownerKind="submission"
            ownerId={submission.id}
            slot={OTHER_SLOT}
            kinds={submission.files.limits.otherKinds}
            maxBytes={submission.files.limits.maxBytes}
            replaces={file.id}
            label={t('submission.upload.replace')}
            buttonProps={{
              leftSection: <IconRefresh size={16} />,
              size: 'compact-sm',
              variant: 'subtle',
            }}
            onUploaded={onUploaded}
            clearDone
          />
        )}
      </Stack>
    </Paper>
  );
}

/**
 * Step 3: one slot per document type of the checklist (required or optional, the kinds it takes, the
 * current file with replace and earlier versions) and any number of additional ("other") files.
 */
export function DocumentsStep({
  submission,
  readOnly,
  onNext,
  onBack,
}: {
  submission: SubmissionDetail;
  readOnly: boolean;
  onNext: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // A stored file changes the checklist and the checks: read the submission again.
  const refresh = useCallback(
    () =>
      void queryClient.invalidateQueries({
        queryKey: submissionKeys.detail(submission.id),
      }),
    [queryClient, submission.id],
  );
  const { slots, others, otherHistory, limits } = submission.files;
  const required = slots.filter((s) => s.required);
  return (
    <Stack gap="md" data-testid="step-documents">
      <Text size="sm" c="dimmed">
        {t('submission.documents.lead', {
          done: required.filter((s) => s.file).length,
          total: required.length,
        })}
      </Text>
      <Stack gap="sm">
        {slots.map((slot) => (
          <SlotCard key={slot.code} slot={slot} submission={submission} readOnly={readOnly} onUploaded={refresh} />
        ))}
      </Stack>
      <Divider />
      <section aria-labelledby="other-files-title" data-testid="other-files">
        <Title order={3} size="h4" id="other-files-title" mb={4}>
          {t('submission.upload.other')}
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {t('submission.documents.otherLead')}
        </Text>
        <Stack gap="xs">
          {others.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('submission.documents.noOther')}
            </Text>
          )}
          {others.map((f) => (
            <OtherFile key={f.id} file={f} submission={submission} readOnly={readOnly} onUploaded={refresh} />
          ))}
          {!readOnly && (
            <FileUpload
              ownerKind="submission"
              ownerId={submission.id}
              slot={OTHER_SLOT}
              kinds={limits.otherKinds}
              maxBytes={limits.maxBytes}
              multiple
              label={t('submission.upload.addOther')}
              buttonProps={{ leftSection: <IconPlus size={16} />, size: 'sm' }}
              onUploaded={refresh}
              testId="upload-other"
              clearDone
            />
          )}
          <History files={otherHistory} subId={submission.id} other />
        </Stack>
      </section>
      <Group justify="space-between" mt="sm" gap="sm">
        <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={onBack}>
          {t('submission.wizard.back')}
        </Button>
        <Button rightSection={<IconArrowRight size={16} />} onClick={onNext} data-testid="next-documents">
          {t('submission.wizard.next')}
        </Button>
      </Group>
    </Stack>
  );
}
