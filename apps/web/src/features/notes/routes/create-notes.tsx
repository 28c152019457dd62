import {
  NOTES_SECTION_KEYS,
  commentsAnswerable,
  notesChecks,
  openBookYears,
  type NotesComment,
  type NotesDocument,
  type NotesLanguage,
  type NotesSectionKey,
} from '@bansi/shared';
import { Alert, Box, Button, Grid, Group, Paper, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import {
  IconAlertCircle,
  IconArrowLeft,
  IconArrowRight,
  IconDeviceFloppy,
  IconDownload,
  IconInfoCircle,
  IconLock,
  IconNotes,
} from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useApiIndex } from '../../../api/get-api-index';
import { useNotesCheck } from '../../../api/check-notes';
import { PageSpinner } from '../../../components/page-spinner';
import { PageTitle } from '../../../components/page-title';
import { AnswerForm } from '../../../components/review/answer-form';
import { ReviewStatusBadge } from '../../../components/review-status-badge';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { formatDate } from '../../../lib/format';
import { useLang } from '../../../lib/use-lang';
import { useAnswerNotesComment } from '../api/answer-comment';
import { useCreateNotes } from '../api/create-notes';
import { useNotes } from '../api/get-notes';
import { useNotesEvents } from '../api/get-notes-events';
import { notesPdfUrl } from '../api/pdf-url';
import { useSubmitNotes } from '../api/submit-notes';
import { ConflictDialog } from '../components/conflict-dialog';
import { currentComments, OverallNotesComments } from '../components/notes-comments';
import { ReviewTimeline } from '../../../components/review/review-timeline';
import { SaveIndicator } from '../components/save-indicator';
import { SectionEditor } from '../components/section-editor';
import { SectionNav } from '../components/section-nav';
import { SubmitPanel } from '../components/submit-panel';
import { sectionFrom } from '../lib/sections';
import { toastDone } from '../lib/toast';
import { useNotesEditor } from '../lib/use-notes-editor';

/**
 * /dashboard/create-notes-document?bookYear=: the notes to the financial statements of a book year.
 * Without a year the user picks one; the year's document opens if it exists (GET /notes/check), else
 * the screen offers to create it (POST /notes).
 */
export default function CreateNotesRoute() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const index = useApiIndex();
  const configured = index.data?.bookYear;
  const years = configured ? openBookYears(configured) : [];
  const asked = Number(params.get('bookYear')) || null;
  const bookYear = asked && (years.includes(asked) || !configured) ? asked : null;
  const [choice, setChoice] = useState<string | null>(null);
  const check = useNotesCheck(bookYear ?? undefined);
  const existing = useNotes(check.data?.id ?? '');

  const yearSelect = (
    <Select
      label={t('notesUi.bookYear')}
      data={years.map((y) => ({ value: String(y), label: String(y) }))}
      value={bookYear ? String(bookYear) : (choice ?? (configured ? String(configured) : null))}
      onChange={(v) => {
        if (!v) return;
        setChoice(v);
        if (bookYear) setParams({ bookYear: v }, { replace: true });
      }}
      allowDeselect={false}
      w={160}
      data-testid="book-year"
    />
  );

  const failure = index.error ?? check.error ?? existing.error;
  return (
    <Stack gap="md">
      <PageTitle>{t('dashboard.nav.createNotes')}</PageTitle>
      {failure ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {errorText(failure)}
        </Alert>
      ) : !configured ? (
        <PageSpinner />
      ) : !bookYear ? (
        <Paper withBorder p="md" radius="md" data-testid="choose-year">
          <Stack gap="sm">
            <Text>{t('notesUi.chooseYear')}</Text>
            <Group align="flex-end" gap="sm">
              {yearSelect}
              <Button
                rightSection={<IconArrowRight size={16} />}
                onClick={() => setParams({ bookYear: choice ?? String(configured) }, { replace: false })}
                data-testid="open-year"
              >
                {t('notesUi.openYear')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : check.isPending || (check.data?.exists && !existing.data) ? (
        <PageSpinner />
      ) : existing.data ? (
        <Editor key={existing.data.id} initial={existing.data} yearSelect={yearSelect} />
      ) : (
        <CreateCard bookYear={bookYear} yearSelect={yearSelect} />
      )}
    </Stack>
  );
}

function CreateCard({ bookYear, yearSelect }: { bookYear: number; yearSelect: ReactNode }) {
  const { t } = useTranslation();
  const lng = useLang();
  const [language, setLanguage] = useState<NotesLanguage>(lng);
  const create = useCreateNotes();
  return (
    <Paper withBorder p="md" radius="md" data-testid="create-notes">
      <Stack gap="sm">
        {yearSelect}
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconNotes size={22} aria-hidden />
          <Text>{t('notesUi.create.body', { year: bookYear })}</Text>
        </Group>
        <Box>
          <Text size="sm" fw={500} mb={4} id="create-language">
            {t('notesUi.language')}
          </Text>
          <SegmentedControl
            aria-labelledby="create-language"
            value={language}
            onChange={(v) => setLanguage(v as NotesLanguage)}
            data={[
              { value: 'lo', label: t('common.languages.lo') },
              { value: 'en', label: t('common.languages.en') },
            ]}
          />
        </Box>
        {create.error && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {errorText(create.error)}
          </Alert>
        )}
        <Button
          style={{ alignSelf: 'flex-start' }}
          leftSection={<IconDeviceFloppy size={16} />}
          loading={create.isPending}
          onClick={() => create.mutate({ bookYear, language })}
          data-testid="create-notes-button"
        >
          {t('notesUi.create.button', { year: bookYear })}
        </Button>
      </Stack>
    </Paper>
  );
}

function Editor({ initial, yearSelect }: { initial: NotesDocument; yearSelect: ReactNode }) {
  const { t } = useTranslation();
  const lng = useLang();
  const [params, setParams] = useSearchParams();
  const editor = useNotesEditor(initial);
  const doc = editor.base;
  const { store } = editor;
  useEffect(() => store.adopt(initial), [store, initial]);
  const submit = useSubmitNotes();
  const events = useNotesEvents(doc.id);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const active = sectionFrom(params.get('section'));
  const readOnly = !doc.editable || editor.state === 'locked';
  const section = editor.sections.find((s) => s.key === active)!;
  const checks = notesChecks(editor.sections);
  const blocked = new Set(checks.errors.map((e) => e.section));
  const comments = doc.status === 'returned' ? currentComments(doc.comments) : doc.comments;
  // The company answers the service's comments while the service has the notes or has returned them (decision 096).
  const answer = useAnswerNotesComment(doc.id, (c) => store.addComment(c));
  const answerOf = (c: NotesComment) =>
    commentsAnswerable(doc.status) && c.author.kind === 'staff' ? <AnswerForm key={`answer-${c.id}`} commentId={c.id} answer={answer} /> : undefined;
  const index = NOTES_SECTION_KEYS.indexOf(active);

  const goTo = (key: NotesSectionKey) => {
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        p.set('section', key);
        return p;
      },
      { replace: true },
    );
    document.getElementById('notes-section')?.scrollIntoView({ block: 'start' });
  };

  const errorsOf = (key: NotesSectionKey) =>
    Object.fromEntries(
      editor.errors
        .filter((e) => e.section === key)
        .map((e) => [e.path, e.message ?? t(`errors.notes.${e.code}`, { ...e.vars, max: e.vars?.max?.toLocaleString() })]),
    );

  const onSubmit = async (confirmWarnings: boolean, comment: string) => {
    setSubmitError(null);
    try {
      const saved = await store.flush();
      const answer = await submit.mutateAsync({ id: saved.id, version: saved.version, confirmWarnings, ...(comment.trim() ? { comment } : {}) });
      store.replaceBase(answer);
      toastDone(t('notesUi.submit.done'));
      window.scrollTo({ top: 0 });
    } catch (error) {
      setSubmitError(error instanceof ApiError ? errorText(error) : t('notesUi.submit.notSaved'));
    }
  };

  return (
    <Stack gap="md" data-testid="notes-editor" data-status={doc.status} data-version={doc.version}>
      <Group gap="sm" align="flex-end" wrap="wrap" justify="space-between">
        <Group gap="sm" align="flex-end" wrap="wrap">
          {yearSelect}
          <Box>
            <Text size="sm" fw={500} mb={4} id="notes-language">
              {t('notesUi.language')}
            </Text>
            <SegmentedControl
              aria-labelledby="notes-language"
              value={editor.language}
              onChange={(v) => store.setLanguage(v as NotesLanguage)}
              disabled={readOnly}
              data={[
                { value: 'lo', label: t('common.languages.lo') },
                { value: 'en', label: t('common.languages.en') },
              ]}
              data-testid="notes-language"
            />
          </Box>
        </Group>
        <Group gap="xs" wrap="wrap">
          <ReviewStatusBadge status={doc.status} testId="notes-status" size="lg" />
          {!readOnly && <SaveIndicator state={editor.state} />}
          <Button
            component="a"
            href={notesPdfUrl(doc.id)}
            download
            variant="default"
            leftSection={<IconDownload size={16} />}
            data-testid="notes-pdf"
          >
            {t('notesUi.pdf')}
          </Button>
        </Group>
      </Group>

      {readOnly && (
        <Alert color="blue" icon={<IconLock size={18} />} data-testid="read-only">
          <Text size="sm">
            {doc.status === 'accepted'
              ? t('notesUi.readOnly.accepted', { date: doc.acceptedAt ? formatDate(doc.acceptedAt, lng) : '' })
              : t('notesUi.readOnly.submitted', { date: doc.submittedAt ? formatDate(doc.submittedAt, lng) : '' })}
          </Text>
        </Alert>
      )}
      {editor.state === 'offline' && (
        <Alert color="orange" icon={<IconAlertCircle size={18} />} data-testid="offline-notice">
          <Text size="sm">{t('notesUi.save.offlineBody')}</Text>
        </Alert>
      )}
      {editor.restored && editor.state !== 'conflict' && (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} data-testid="restored-notice">
          <Text size="sm">{t('notesUi.save.restored')}</Text>
        </Alert>
      )}
      <OverallNotesComments comments={comments} highlight={doc.status === 'returned'} actionOf={answerOf} />
      {doc.priorFilledFrom && (
        <Text size="sm" c="dimmed" data-testid="prior-filled">
          {t('notesUi.priorFilled', { year: doc.priorFilledFrom })}
        </Text>
      )}

      <Grid gap="md" id="notes-section" style={{ scrollMarginTop: 72 }}>
        <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
          <SectionNav sections={editor.sections} active={active} onSelect={goTo} blocked={blocked} comments={comments} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
          <Stack gap="sm">
            <SectionEditor
              key={active}
              section={section}
              bookYear={doc.bookYear}
              readOnly={readOnly}
              comments={comments.filter((c) => c.section === active)}
              commentAction={answerOf}
              errors={errorsOf(active)}
              missing={checks.errors.filter((e) => e.section === active && e.field).map((e) => e.field!)}
              prefill={active === 'general' ? doc.prefill.general : active === 'approval' ? doc.prefill.approval : undefined}
              onChange={(update) => store.setSection(active, update)}
            />
            <Group justify="space-between">
              <Button
                variant="default"
                leftSection={<IconArrowLeft size={16} />}
                disabled={index === 0}
                onClick={() => goTo(NOTES_SECTION_KEYS[index - 1]!)}
                data-testid="section-prev"
              >
                {t('notesUi.editor.prev')}
              </Button>
              <Button
                variant="default"
                rightSection={<IconArrowRight size={16} />}
                disabled={index === NOTES_SECTION_KEYS.length - 1}
                onClick={() => goTo(NOTES_SECTION_KEYS[index + 1]!)}
                data-testid="section-next"
              >
                {t('notesUi.editor.next')}
              </Button>
            </Group>
          </Stack>
        </Grid.Col>
      </Grid>

      {!readOnly && (
        <>
          {submitError && (
            <Alert
              color="red"
              icon={<IconAlertCircle size={18} />}
              role="alert"
              withCloseButton
              onClose={() => setSubmitError(null)}
              data-testid="submit-error"
            >
              {submitError}
            </Alert>
          )}
          <SubmitPanel
            sections={editor.sections}
            resubmit={doc.status === 'returned'}
            busy={submit.isPending}
            onGoTo={goTo}
            onSubmit={(confirm, comment) => void onSubmit(confirm, comment)}
          />
        </>
      )}

      <Paper withBorder p="md" radius="md">
        <Title order={2} size="h4" mb="sm">
          {t('notesUi.timeline.title')}
        </Title>
        <ReviewTimeline
          kind="notes"
          events={events.data?.pages.flatMap((p) => p.items) ?? []}
          hasMore={events.hasNextPage}
          onMore={() => void events.fetchNextPage()}
          loadingMore={events.isFetchingNextPage}
        />
      </Paper>

      {editor.conflict && <ConflictDialog conflict={editor.conflict} onKeepMine={() => store.keepMine()} onTakeServer={() => store.takeServer()} />}
    </Stack>
  );
}
