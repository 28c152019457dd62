import { commentsSavedInReview, formatLak, localized, type NotesSectionKey, type StaffNotesDocument } from '@bansi/shared';
import { Badge, Button, Group, Modal, Paper, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { IconArrowBackUp, IconCheck, IconDownload, IconDeviceFloppy, IconMessagePlus, IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useReviewOutcome } from '../../../components/review/review-outcome';
import { ReviewPage } from '../../../components/review/review-page';
import { ReviewScreen } from '../../../components/review/review-screen';
import { SavedComments, type SavedComment } from '../../../components/review/saved-comments';
import { ReviewStatusBadge } from '../../../components/review-status-badge';
import { paths } from '../../../config/paths';
import { useLang } from '../../../lib/use-lang';
import { useStaffNotes } from '../api/get-staff-notes';
import { notesKeys } from '../api/keys';
import { notesPdfUrl } from '../api/pdf-url';
import { useStaffNotesAction, useStaffNotesComment } from '../api/staff-actions';
import { OverallNotesComments, SectionComments } from '../components/notes-comments';
import { ReviewTimeline } from '../../../components/review/review-timeline';
import { SectionView } from '../components/section-view';

/** /staff/notes/:id: the reviewer reads the notes, starts the review, comments per section and overall, returns or accepts. */
export default function StaffNotesRoute() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const detail = useStaffNotes(id);
  return (
    <ReviewPage back={paths.staff.notes} backLabel={t('notesUi.staff.back')} title={t('notesUi.staff.title')} detail={detail}>
      {(doc) => <Review doc={doc} />}
    </ReviewPage>
  );
}

function Review({ doc }: { doc: StaffNotesDocument }) {
  const { t } = useTranslation();
  const lng = useLang();
  const startReview = useStaffNotesAction(doc.id, 'start-review');
  const returnIt = useStaffNotesAction(doc.id, 'return');
  const accept = useStaffNotesAction(doc.id, 'accept');
  const comment = useStaffNotesComment(doc.id);
  const [kept, setKept] = useState<string[]>([]);
  const [drafts, setDrafts] = useState<Partial<Record<NotesSectionKey, string>>>({});
  const [open, setOpen] = useState<Set<NotesSectionKey>>(new Set());
  const [dialog, setDialog] = useState<null | 'return' | 'accept'>(null);
  const [reasons, setReasons] = useState('');
  const [acceptComment, setAcceptComment] = useState('');
  const { onError, done, notices } = useReviewOutcome({
    queryKey: notesKeys.staffDetail(doc.id),
    closeDialog: () => setDialog(null),
    text: { stale: t('notesUi.staff.stale'), reload: t('notesUi.staff.reload') },
  });
  const can = (a: 'startReview' | 'return' | 'accept') => doc.allowedActions.includes(a);
  const sectionComments = (Object.entries(drafts) as [NotesSectionKey, string][])
    .filter(([, body]) => body.trim() !== '')
    .map(([section, body]) => ({ section, body: body.trim() }));

  // The comments saved during this review: the Return dialog lists them, each ticked to be sent (decision 191).
  const saved: SavedComment[] = commentsSavedInReview(doc.comments).map((c) => ({
    id: c.id,
    about: c.section ? t(`notesDocument.sections.${c.section}`) : t('review.comments.wholeNotes'),
    body: c.body,
  }));
  const saveComment = (section: NotesSectionKey) =>
    comment.mutate(
      { version: doc.version, section, body: (drafts[section] ?? '').trim() },
      {
        onSuccess: () => {
          setDrafts((d) => ({ ...d, [section]: '' }));
          setOpen((o) => {
            const next = new Set(o);
            next.delete(section);
            return next;
          });
          done(t('review.comments.saved'))();
        },
        onError,
      },
    );

  return (
    <ReviewScreen
      testId="staff-notes"
      status={doc.status}
      version={doc.version}
      notices={notices}
      title={localized(doc.company.nameLo, doc.company.nameEn, lng)}
      titleTestId="staff-notes-company"
      badges={
        <>
          <ReviewStatusBadge status={doc.status} testId="notes-status" size="lg" />
          <Text size="sm" c="dimmed">
            {[
              t('notesUi.history.title', { year: doc.bookYear }),
              t('notesUi.staff.tin', { tin: doc.company.tin }),
              t(`common.languages.${doc.language}`),
            ].join(' · ')}
          </Text>
          {doc.restatements.length > 0 && (
            <Badge color="orange" variant="light" data-testid="restated-count">
              {t('notesUi.staff.restatedCount', { count: doc.restatements.length })}
            </Badge>
          )}
        </>
      }
      actions={
        <>
          <Button component="a" href={notesPdfUrl(doc.id, { staff: true })} download variant="default" leftSection={<IconDownload size={16} />}>
            {t('notesUi.pdf')}
          </Button>
          {can('startReview') && (
            <Button
              leftSection={<IconPlayerPlay size={16} />}
              loading={startReview.isPending}
              onClick={() => startReview.mutate({ version: doc.version }, { onSuccess: done(t('notesUi.staff.reviewStarted')), onError })}
              data-testid="action-start-review"
            >
              {t('notesUi.staff.startReview')}
            </Button>
          )}
          {can('return') && (
            <Button
              color="red.9"
              leftSection={<IconArrowBackUp size={16} />}
              onClick={() => {
                setKept(saved.map((c) => c.id));
                setDialog('return');
              }}
              data-testid="action-return"
            >
              {t('notesUi.staff.return')}
            </Button>
          )}
          {can('accept') && (
            <Button color="teal.9" leftSection={<IconCheck size={16} />} onClick={() => setDialog('accept')} data-testid="action-accept">
              {t('notesUi.staff.accept')}
            </Button>
          )}
        </>
      }
      timelineTitle={t('notesUi.timeline.title')}
      timeline={<ReviewTimeline kind="notes" events={doc.events} />}
      dialogs={
        <>
          <Modal opened={dialog === 'return'} onClose={() => setDialog(null)} title={t('notesUi.staff.returnTitle')} centered>
            <Stack gap="sm" data-testid="return-dialog">
              <Textarea
                label={t('notesUi.staff.returnReasons')}
                value={reasons}
                onChange={(e) => setReasons(e.currentTarget.value)}
                autosize
                minRows={3}
                maxLength={4000}
                required
                data-testid="return-reasons"
              />
              <Text size="sm" c="dimmed">
                {t('notesUi.staff.returnSections', { count: sectionComments.length })}
              </Text>
              <SavedComments comments={saved} kept={kept} onChange={setKept} />
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={() => setDialog(null)}>
                  {t('notesUi.staff.cancel')}
                </Button>
                <Button
                  color="red.9"
                  disabled={reasons.trim() === ''}
                  loading={returnIt.isPending}
                  onClick={() =>
                    returnIt.mutate(
                      { version: doc.version, reasons: reasons.trim(), sectionComments, keptCommentIds: kept },
                      {
                        onSuccess: () => {
                          setDrafts({});
                          setOpen(new Set());
                          setReasons('');
                          done(t('notesUi.staff.returned'))();
                        },
                        onError,
                      },
                    )
                  }
                  data-testid="confirm-return"
                >
                  {t('notesUi.staff.return')}
                </Button>
              </Group>
            </Stack>
          </Modal>
          <Modal opened={dialog === 'accept'} onClose={() => setDialog(null)} title={t('notesUi.staff.acceptTitle')} centered>
            <Stack gap="sm" data-testid="accept-dialog">
              <Textarea
                label={t('notesUi.staff.acceptComment')}
                value={acceptComment}
                onChange={(e) => setAcceptComment(e.currentTarget.value)}
                autosize
                minRows={2}
                maxLength={4000}
              />
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={() => setDialog(null)}>
                  {t('notesUi.staff.cancel')}
                </Button>
                <Button
                  color="teal.9"
                  loading={accept.isPending}
                  onClick={() =>
                    accept.mutate(
                      { version: doc.version, ...(acceptComment.trim() ? { comment: acceptComment.trim() } : {}) },
                      { onSuccess: done(t('notesUi.staff.accepted')), onError },
                    )
                  }
                  data-testid="confirm-accept"
                >
                  {t('notesUi.staff.accept')}
                </Button>
              </Group>
            </Stack>
          </Modal>
        </>
      }
    >
      {doc.restatements.length > 0 && <Restatements doc={doc} />}

      <OverallNotesComments comments={doc.comments} />

      {doc.sections.map((s) => (
        <SectionView key={s.key} section={s} bookYear={doc.bookYear}>
          <SectionComments comments={doc.comments.filter((c) => c.section === s.key)} />
          {can('return') &&
            (open.has(s.key) ? (
              <Stack gap={6}>
                <Textarea
                  label={t('notesUi.staff.commentSection')}
                  placeholder={t('notesUi.staff.commentPlaceholder')}
                  value={drafts[s.key] ?? ''}
                  onChange={(e) => {
                    const value = e.currentTarget.value;
                    setDrafts((d) => ({ ...d, [s.key]: value }));
                  }}
                  autosize
                  minRows={2}
                  maxLength={4000}
                  data-testid="section-comment-input"
                />
                <Button
                  size="compact-sm"
                  variant="light"
                  leftSection={<IconDeviceFloppy size={14} />}
                  style={{ alignSelf: 'flex-start' }}
                  disabled={!(drafts[s.key] ?? '').trim()}
                  loading={comment.isPending && comment.variables?.section === s.key}
                  onClick={() => saveComment(s.key)}
                  data-testid="section-comment-save"
                >
                  {t('review.comments.save')}
                </Button>
              </Stack>
            ) : (
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconMessagePlus size={14} />}
                style={{ alignSelf: 'flex-start' }}
                onClick={() => setOpen((o) => new Set(o).add(s.key))}
                data-testid="section-comment"
              >
                {t('notesUi.staff.commentSection')}
              </Button>
            ))}
        </SectionView>
      ))}
    </ReviewScreen>
  );
}

/** The carried-forward figures the company restated: the accepted value, the new one and why. */
function Restatements({ doc }: { doc: StaffNotesDocument }) {
  const { t } = useTranslation();
  const lng = useLang();
  const money = (v: number | null) => (v === null ? '—' : formatLak(v, lng));
  return (
    <Paper withBorder p="md" radius="md" data-testid="restatements">
      <Title order={2} size="h4" mb={4}>
        {t('notesUi.staff.restatedTitle', { year: doc.bookYear - 1 })}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('notesUi.staff.restatedHelp')}
      </Text>
      <Stack gap="sm">
        {doc.restatements.map((r) => (
          <Paper key={`${r.section}-${r.row}`} withBorder p="xs" radius="sm" data-testid="restatement">
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {`${t(`notesDocument.sections.${r.section}`)} · ${r.label}`}
            </Text>
            <Table withRowBorders={false} verticalSpacing={2} horizontalSpacing={0}>
              <Table.Tbody>
                <Table.Tr>
                  <Table.Td>
                    <Text size="sm" c="dimmed">
                      {t('notesUi.staff.restatedAccepted')}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" data-testid="restatement-accepted">
                    <Text size="sm">{money(r.accepted)}</Text>
                  </Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Td>
                    <Text size="sm" c="dimmed">
                      {t('notesUi.staff.restatedNew')}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" data-testid="restatement-new">
                    <Text size="sm" fw={700}>
                      {money(r.restated)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="restatement-reason">
              {t('notesUi.staff.restatedReason', { reason: r.reason })}
            </Text>
          </Paper>
        ))}
      </Stack>
    </Paper>
  );
}
