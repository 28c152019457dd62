import { commentsSavedInReview, localized, type FileMeta, type StaffSubmissionDetail } from '@bansi/shared';
import { ActionIcon, Badge, Button, Group, Modal, Paper, SimpleGrid, Stack, Text, Textarea, Title, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconArrowBackUp, IconCheck, IconFileCertificate, IconMessagePlus, IconPlayerPlay, IconX } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useReviewOutcome } from '../../../components/review/review-outcome';
import { ReviewPage } from '../../../components/review/review-page';
import { ReviewScreen } from '../../../components/review/review-screen';
import { paths } from '../../../config/paths';
import { receiptUrl } from '../api/file-urls';
import { useProvinces } from '../../../api/get-provinces';
import { useStaffSubmission } from '../api/get-staff-submission';
import { submissionKeys } from '../api/keys';
import { useStaffAction } from '../api/staff-actions';
import { CommentItem, fileComments } from '../components/comments';
import { FileLine } from '../components/file-actions';
import { StaffFileViewer } from '../components/staff-file-viewer';
import { FilingReference } from '../components/filing-reference';
import { StatusBadge } from '../components/status-badge';
import { FilingSizeForm } from '../components/filing-size-form';
import { SignatoriesFacts, SubmissionFacts } from '../components/submission-facts';
import { ReviewTimeline } from '../../../components/review/review-timeline';
import { useLang } from '../../../lib/use-lang';
import { nameOf } from '../lib/lang';
import { SavedComments, type SavedComment } from '../../../components/review/saved-comments';

/** /staff/submissions/:id: everything a reviewer needs, and the review actions (each checks `version`). */
export default function StaffSubmissionRoute() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const detail = useStaffSubmission(id);
  return (
    <ReviewPage back={paths.staff.submissions} backLabel={t('submission.staff.backToQueue')} title={t('submission.staff.title')} detail={detail}>
      {(submission) => <Review submission={submission} />}
    </ReviewPage>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

interface FileRef {
  file: FileMeta;
  label: string;
}

function Review({ submission: s }: { submission: StaffSubmissionDetail }) {
  const { t } = useTranslation();
  const lng = useLang();
  const provinces = useProvinces();
  const [viewing, setViewing] = useState<FileMeta | null>(null);
  const [dialog, setDialog] = useState<null | 'return' | 'accept' | { comment: FileRef | null }>(null);
  const { onError, done, notices } = useReviewOutcome({
    queryKey: submissionKeys.staffDetail(s.id),
    closeDialog: () => setDialog(null),
    text: { staleTitle: t('submission.staff.staleTitle'), stale: t('submission.staff.stale'), reload: t('submission.staff.reload') },
  });
  const startReview = useStaffAction(s.id, 'start-review');
  const returnIt = useStaffAction(s.id, 'return');
  const accept = useStaffAction(s.id, 'accept');
  const comment = useStaffAction(s.id, 'comments');

  const files: FileRef[] = [
    ...s.files.slots.filter((slot) => slot.file).map((slot) => ({ file: slot.file!, label: nameOf(slot, lng) })),
    ...s.files.others.map((f) => ({
      file: f,
      label: t('submission.upload.other'),
    })),
  ];
  const saved: SavedComment[] = commentsSavedInReview(s.comments).map((c) => {
    const ref = c.fileId ? files.find((f) => f.file.id === c.fileId) : undefined;
    return {
      id: c.id,
      about: ref ? `${ref.label}: ${ref.file.originalName}` : c.fileId ? t('submission.upload.other') : t('review.returnDialog.wholeFiling'),
      body: c.body,
    };
  });
  const can = (a: 'startReview' | 'return' | 'accept') => s.allowedActions.includes(a);
  const province = provinces.data?.items.find((p) => p.code === s.company.provinceCode);
  const company = s.company;

  return (
    <ReviewScreen
      testId="staff-submission"
      status={s.status}
      version={s.version}
      notices={notices}
      title={localized(company.nameLo, company.nameEn, lng)}
      badges={
        <>
          <StatusBadge status={s.status} size="lg" />
          <FilingReference reference={s.reference} size="lg" />
          <Text size="sm" c="dimmed">
            {t('submission.detail.bookYear', { year: s.bookYear })}
          </Text>
        </>
      }
      actions={
        <>
          {can('startReview') && (
            <Button
              leftSection={<IconPlayerPlay size={16} />}
              loading={startReview.isPending}
              onClick={() =>
                startReview.mutate(
                  { version: s.version },
                  {
                    onSuccess: done(t('submission.staff.reviewStarted')),
                    onError,
                  },
                )
              }
              data-testid="action-start-review"
            >
              {t('submission.action.startReview')}
            </Button>
          )}
          <Button
            variant="default"
            leftSection={<IconMessagePlus size={16} />}
            onClick={() => setDialog({ comment: null })}
            data-testid="action-comment"
          >
            {t('submission.staff.commentOverall')}
          </Button>
          {can('return') && (
            <Button color="red.9" leftSection={<IconArrowBackUp size={16} />} onClick={() => setDialog('return')} data-testid="action-return">
              {t('submission.action.return')}
            </Button>
          )}
          {can('accept') && (
            <Button color="teal.9" leftSection={<IconCheck size={16} />} onClick={() => setDialog('accept')} data-testid="action-accept">
              {t('submission.action.accept')}
            </Button>
          )}
          {s.receiptAvailable && (
            <Button component="a" href={receiptUrl(s.id, { staff: true })} download variant="default" leftSection={<IconFileCertificate size={16} />}>
              {t('submission.detail.receipt')}
            </Button>
          )}
        </>
      }
      facts={
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <Fact label={t('submission.staff.tinLabel')}>{company.tin}</Fact>
          <Fact label={t('submission.staff.registrationNo')}>{company.registrationNo}</Fact>
          <Fact label={t('submission.filters.province')}>{province ? nameOf(province, lng) : company.provinceCode}</Fact>
          <Fact label={t('submission.staff.contact')}>{[company.phone, company.email].join(' · ')}</Fact>
        </SimpleGrid>
      }
      timelineTitle={t('submission.timeline.title')}
      timeline={<ReviewTimeline kind="submission" events={s.events} />}
      dialogs={
        <>
          <StaffFileViewer file={viewing} onClose={() => setViewing(null)} />
          {dialog && typeof dialog === 'object' && (
            <CommentDialog
              target={dialog.comment}
              loading={comment.isPending}
              onClose={() => setDialog(null)}
              onSend={(body) =>
                comment.mutate(
                  { version: s.version, body, fileId: dialog.comment?.file.id },
                  { onSuccess: done(t('submission.staff.commentSent')), onError },
                )
              }
            />
          )}
          {dialog === 'return' && (
            <ReturnDialog
              files={files}
              saved={saved}
              loading={returnIt.isPending}
              onClose={() => setDialog(null)}
              onSend={(reasons, fileComments, keptCommentIds) =>
                returnIt.mutate(
                  { version: s.version, reasons, fileComments, keptCommentIds },
                  { onSuccess: done(t('submission.staff.returned')), onError },
                )
              }
            />
          )}
          {dialog === 'accept' && (
            <AcceptDialog
              loading={accept.isPending}
              onClose={() => setDialog(null)}
              onSend={(text) =>
                accept.mutate({ version: s.version, comment: text || undefined }, { onSuccess: done(t('submission.staff.accepted')), onError })
              }
            />
          )}
        </>
      }
    >
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="staff-data">
        <Title order={2} size="h5" mb="sm" id="staff-data">
          {t('submission.steps.enterprise')}
        </Title>
        <SubmissionFacts submission={s} />
        <Title order={3} size="h6" mt="md" mb="xs">
          {t('submission.steps.signatories')}
        </Title>
        <SignatoriesFacts signatories={s.signatories} />
        {(s.checks.errors.length > 0 || s.checks.warnings.length > 0) && (
          <Group gap="xs" mt="md" wrap="wrap">
            {s.checks.errors.map((e, i) => (
              <Badge key={`e${i}`} color="red.9" variant="outline">
                {t(`submission.checks.short.${e.code}`)}
              </Badge>
            ))}
            {s.checks.warnings.map((w) => (
              <Badge
                key={w.code}
                color="gray.8"
                variant="outline"
                leftSection={<IconAlertTriangle size={12} color="var(--mantine-color-yellow-7)" />}
              >
                {t(`submission.checks.short.${w.code}`)}
              </Badge>
            ))}
          </Group>
        )}
      </Paper>

      <FilingSizeForm key={s.version} submission={s} />

      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="staff-files" data-testid="staff-files">
        <Title order={2} size="h5" mb="sm" id="staff-files">
          {t('submission.steps.documents')}
        </Title>
        <Stack gap="sm">
          {files.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('submission.documents.none')}
            </Text>
          )}
          {files.map((ref) => {
            const slot = s.files.slots.find((x) => x.file?.id === ref.file.id);
            const ids = [ref.file.id, ...(slot?.history.map((h) => h.id) ?? [])];
            return (
              <Paper key={ref.file.id} withBorder p="xs" radius="sm" data-testid="staff-file" data-slot={ref.file.slot}>
                <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                  <Text size="xs" fw={700} c="dimmed" tt="uppercase" style={{ overflowWrap: 'anywhere' }}>
                    {ref.label}
                  </Text>
                  <Tooltip label={t('submission.staff.commentFile')}>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('submission.staff.commentOn', {
                        name: ref.file.originalName,
                      })}
                      onClick={() => setDialog({ comment: ref })}
                      data-testid="comment-file"
                    >
                      <IconMessagePlus size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
                <FileLine file={ref.file} staff onView={() => setViewing(ref.file)} />
                <Stack gap={6} mt={6}>
                  {fileComments(s.comments, ids, slot?.code).map((c) => (
                    <CommentItem key={c.id} comment={c} />
                  ))}
                </Stack>
              </Paper>
            );
          })}
        </Stack>
      </Paper>

      {s.comments.some((c) => !c.fileId) && (
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="staff-comments">
          <Title order={2} size="h5" mb="sm" id="staff-comments">
            {t('submission.comments.title')}
          </Title>
          <Stack gap="xs">
            {s.comments
              .filter((c) => !c.fileId)
              .map((c) => (
                <CommentItem key={c.id} comment={c} />
              ))}
          </Stack>
        </Paper>
      )}
    </ReviewScreen>
  );
}

function CommentDialog({
  target,
  loading,
  onClose,
  onSend,
}: {
  target: FileRef | null;
  loading: boolean;
  onClose: () => void;
  onSend: (body: string) => void;
}) {
  const { t } = useTranslation();
  const [body, setBody] = useState('');
  return (
    <Modal
      opened
      onClose={onClose}
      title={target ? t('submission.staff.commentOn', { name: target.file.originalName }) : t('submission.staff.commentOverall')}
      centered
    >
      <Textarea
        label={t('submission.staff.commentLabel')}
        value={body}
        onChange={(e) => setBody(e.currentTarget.value)}
        autosize
        minRows={3}
        maxLength={4000}
        data-autofocus
        data-testid="comment-body"
      />
      <Group justify="flex-end" mt="md" gap="sm">
        <Button variant="default" onClick={onClose}>
          {t('account.common.cancel')}
        </Button>
        <Button onClick={() => onSend(body.trim())} disabled={!body.trim()} loading={loading} data-testid="comment-send">
          {t('submission.staff.send')}
        </Button>
      </Group>
    </Modal>
  );
}

function ReturnDialog({
  files,
  saved,
  loading,
  onClose,
  onSend,
}: {
  files: FileRef[];
  saved: SavedComment[];
  loading: boolean;
  onClose: () => void;
  onSend: (reasons: string, fileComments: { fileId: string; body: string }[], keptCommentIds: string[]) => void;
}) {
  const { t } = useTranslation();
  const [reasons, setReasons] = useState('');
  const [kept, setKept] = useState(() => saved.map((c) => c.id));
  const [perFile, setPerFile] = useState<Record<string, string>>({});
  const [shown, setShown] = useState<string[]>([]);
  const fileComments = Object.entries(perFile)
    .filter(([id, body]) => shown.includes(id) && body.trim())
    .map(([fileId, body]) => ({ fileId, body: body.trim() }));
  return (
    <Modal opened onClose={onClose} title={t('submission.action.return')} centered size="lg">
      <Stack gap="sm">
        <Textarea
          label={t('submission.staff.reasons')}
          description={t('submission.staff.reasonsHint')}
          value={reasons}
          onChange={(e) => setReasons(e.currentTarget.value)}
          autosize
          minRows={3}
          maxLength={4000}
          required
          data-autofocus
          data-testid="return-reasons"
        />
        <SavedComments comments={saved} kept={kept} onChange={setKept} />
        <Text size="sm" fw={600}>
          {t('submission.staff.fileComments')}
        </Text>
        {files.map((ref) =>
          shown.includes(ref.file.id) ? (
            <Group key={ref.file.id} gap="xs" wrap="nowrap" align="flex-start">
              <Textarea
                style={{ flex: 1 }}
                label={`${ref.label}: ${ref.file.originalName}`}
                value={perFile[ref.file.id] ?? ''}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  setPerFile((prev) => ({ ...prev, [ref.file.id]: value }));
                }}
                autosize
                minRows={2}
                maxLength={4000}
                data-testid="return-file-comment"
              />
              <ActionIcon
                variant="subtle"
                color="gray"
                mt={24}
                aria-label={t('submission.upload.dismiss')}
                onClick={() => setShown((prev) => prev.filter((x) => x !== ref.file.id))}
              >
                <IconX size={16} />
              </ActionIcon>
            </Group>
          ) : (
            <Button
              key={ref.file.id}
              variant="subtle"
              size="compact-sm"
              leftSection={<IconMessagePlus size={14} />}
              onClick={() => setShown((prev) => [...prev, ref.file.id])}
              justify="flex-start"
              styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
              h="auto"
              py={4}
              data-testid="return-add-file-comment"
            >
              {t('submission.staff.commentOn', {
                name: `${ref.label}: ${ref.file.originalName}`,
              })}
            </Button>
          ),
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('account.common.cancel')}
          </Button>
          <Button
            color="red.9"
            onClick={() => onSend(reasons.trim(), fileComments, kept)}
            disabled={!reasons.trim()}
            loading={loading}
            data-testid="return-send"
          >
            {t('submission.action.return')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function AcceptDialog({ loading, onClose, onSend }: { loading: boolean; onClose: () => void; onSend: (comment: string) => void }) {
  const { t } = useTranslation();
  const [comment, setComment] = useState('');
  return (
    <Modal opened onClose={onClose} title={t('submission.action.accept')} centered>
      <Text size="sm" mb="sm">
        {t('submission.staff.acceptBody')}
      </Text>
      <Textarea
        label={t('submission.staff.acceptComment')}
        value={comment}
        onChange={(e) => setComment(e.currentTarget.value)}
        autosize
        minRows={2}
        maxLength={4000}
      />
      <Group justify="flex-end" mt="md" gap="sm">
        <Button variant="default" onClick={onClose}>
          {t('account.common.cancel')}
        </Button>
        <Button color="teal.9" onClick={() => onSend(comment.trim())} loading={loading} data-testid="accept-send">
          {t('submission.action.accept')}
        </Button>
      </Group>
    </Modal>
  );
}
