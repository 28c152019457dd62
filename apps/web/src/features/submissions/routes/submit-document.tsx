import { isEditableByCompany, openBookYears, type Company, type SubmissionDetail } from '@bansi/shared';
import { Alert, Anchor, Button, Group, Select, Stack, Stepper, Text } from '@mantine/core';
import { useMedia } from '../../../lib/use-media';
import { IconAlertCircle, IconLock, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageSpinner } from '../../../components/page-spinner';
import { PageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { formatDate } from '../../../lib/format';
import { useApiIndex } from '../../../api/get-api-index';
import { useMyCompany } from '../../../api/get-my-company';
import { useSubmission } from '../api/get-submission';
import { submissionKeys } from '../api/keys';
import { useSubmissionCheck } from '../api/check-submission';
import { OverallComments, sinceLastReturn } from '../components/comments';
import { StatusBadge } from '../components/status-badge';
import { resumeStep, STEPS, type StepKey } from '../components/wizard/steps';
import { useLang } from '../../../lib/use-lang';
import { lazyPart } from '../../../lib/lazy';
import { toastDone } from '../lib/toast';

// Each step in its own chunk: the screen loads the step it shows, not the uploader (tus) of the documents
// step or the form library of the signatories step with it (npm run bench:bundle).
const EnterpriseStep = lazyPart(() => import('../components/wizard/enterprise-step').then((m) => m.EnterpriseStep));
const SignatoriesStep = lazyPart(() => import('../components/wizard/signatories-step').then((m) => m.SignatoriesStep));
const DocumentsStep = lazyPart(() => import('../components/wizard/documents-step').then((m) => m.DocumentsStep));
const ReviewStep = lazyPart(() => import('../components/wizard/review-step').then((m) => m.ReviewStep));

interface Notice {
  color: string;
  text: string;
  reload?: boolean;
}

/**
 * /dashboard/submit-document: the guided form for a book year (`?year=`, default the configured book
 * year; `?step=`, so a reload stays on the step). Opening it shows that year's submission if there is
 * one (a submitted one read-only); otherwise an empty first step, and the draft is made by its first
 * save — looking at a year never creates anything (decision 099).
 */
export default function SubmitDocumentRoute() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const index = useApiIndex();
  const configured = index.data?.bookYear;
  const years = configured ? openBookYears(configured) : [];
  const asked = Number(params.get('year'));
  const bookYear = configured ? (years.includes(asked) ? asked : configured) : null;
  const check = useSubmissionCheck(bookYear ?? undefined);
  const id = check.data?.exists ? check.data.id : null;
  const detail = useSubmission(id ?? '');
  const company = useMyCompany();
  const ready = bookYear !== null && check.data && company.data && (id === null || detail.data);

  const failure = index.error ?? check.error ?? detail.error ?? company.error;
  return (
    <Stack gap="md">
      <PageTitle>{t('dashboard.nav.submitDocument')}</PageTitle>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label={t('submission.wizard.bookYear')}
          data={years.map((y) => ({ value: String(y), label: String(y) }))}
          value={bookYear ? String(bookYear) : null}
          onChange={(v) => v && setParams({ year: v }, { replace: true })}
          // Choosing a year only looks: nothing is created until the first save.
          allowDeselect={false}
          w={160}
          data-testid="book-year"
        />
        {id && detail.data ? (
          <StatusBadge status={detail.data.status} size="lg" />
        ) : (
          check.data &&
          !check.data.exists && (
            <Text size="sm" c="dimmed" data-testid="submission-not-started">
              {t('submission.wizard.notStarted')}
            </Text>
          )
        )}
      </Group>
      {failure ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {errorText(failure)}
        </Alert>
      ) : !ready ? (
        <PageSpinner />
      ) : (
        <Wizard key={detail.data?.id ?? `new-${bookYear}`} submission={id ? detail.data! : null} bookYear={bookYear} company={company.data} />
      )}
    </Stack>
  );
}

function Wizard({ submission, bookYear, company }: { submission: SubmissionDetail | null; bookYear: number; company: Company }) {
  const { t } = useTranslation();
  const lng = useLang();
  const phone = useMedia('(max-width: 36em)');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const readOnly = submission !== null && (!submission.editable || !isEditableByCompany(submission.status));
  const asked = params.get('step') as StepKey | null;
  // Until the first save there is only the first step (the others work on the draft); a draft reopens at the first
  // step that still needs something (`?step=` keeps the step a reload was on).
  const step: StepKey =
    submission && asked && STEPS.includes(asked) ? asked : readOnly ? 'review' : submission ? resumeStep(submission.checks) : 'enterprise';
  const active = STEPS.indexOf(step);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [reloading, setReloading] = useState(false);

  const goTo = (next: StepKey) => {
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        p.set('step', next);
        return p;
      },
      { replace: false },
    );
    setNotice(null);
    window.scrollTo({ top: 0 });
  };

  const reload = async () => {
    setReloading(true);
    await queryClient.invalidateQueries({
      queryKey: submission ? submissionKeys.detail(submission.id) : submissionKeys.check(bookYear),
    });
    setReloading(false);
  };

  /** A refused save: someone else changed it (reloaded and said so), it got locked, or another problem. */
  const onError = (error: unknown) => {
    if (error instanceof ApiError && (error.code === 'STALE' || error.code === 'SUBMISSION_LOCKED' || error.code === 'INVALID_TRANSITION')) {
      void reload();
      setNotice({
        color: 'yellow',
        text: error.code === 'STALE' ? t('submission.wizard.stale') : t('submission.wizard.locked'),
      });
      return;
    }
    setNotice({
      color: 'red',
      text: errorText(error),
      reload: error instanceof ApiError && error.status === 0,
    });
  };

  const saved = (from: StepKey) => (next: boolean) => {
    if (next) goTo(STEPS[STEPS.indexOf(from) + 1]!);
    else {
      setNotice(null);
      toastDone(t('submission.wizard.saved'));
    }
  };

  const label = (s: StepKey) => t(`submission.steps.${s}`);
  return (
    <Stack gap="md">
      {readOnly && submission && (
        <Alert color="blue" icon={<IconLock size={18} />} data-testid="read-only">
          <Text size="sm">
            {submission.status === 'accepted'
              ? t('submission.wizard.acceptedLocked', {
                  date: submission.acceptedAt ? formatDate(submission.acceptedAt, lng) : '',
                })
              : t('submission.wizard.submittedLocked', {
                  date: submission.submittedAt ? formatDate(submission.submittedAt, lng) : '',
                })}
          </Text>
          <Anchor component={Link} to={paths.dashboard.submissionDetail(submission.id)} size="sm" data-testid="open-detail">
            {t('submission.wizard.openDetail')}
          </Anchor>
        </Alert>
      )}
      {submission === null && (
        <Alert color="blue" variant="light" data-testid="wizard-new">
          <Text size="sm">{t('submission.wizard.newHint', { year: bookYear })}</Text>
        </Alert>
      )}
      {submission?.status === 'returned' && (
        <OverallComments comments={sinceLastReturn(submission.comments)} title={t('submission.wizard.returnedTitle')} highlight />
      )}
      {notice && (
        <Alert
          color={notice.color}
          icon={<IconAlertCircle size={18} />}
          role="alert"
          withCloseButton
          onClose={() => setNotice(null)}
          data-testid="wizard-notice"
        >
          <Text size="sm">{notice.text}</Text>
          {notice.reload && (
            <Button size="xs" variant="default" mt="xs" leftSection={<IconRefresh size={14} />} onClick={() => void reload()} loading={reloading}>
              {t('common.retry')}
            </Button>
          )}
        </Alert>
      )}
      <Stepper
        active={active}
        onStepClick={(i) => goTo(STEPS[i]!)}
        allowNextStepsSelect={submission !== null}
        size="sm"
        iconSize={phone ? 28 : 34}
        aria-label={t('submission.wizard.steps')}
      >
        {STEPS.map((s) => (
          <Stepper.Step key={s} label={phone ? undefined : label(s)} aria-label={label(s)} data-testid={`stepper-${s}`} />
        ))}
      </Stepper>
      <Text fw={700} data-testid="wizard-step" aria-live="polite">
        {t('submission.wizard.stepOf', {
          step: active + 1,
          total: STEPS.length,
          label: label(step),
        })}
      </Text>
      <Suspense fallback={<PageSpinner />}>
        {step === 'enterprise' && (
          <EnterpriseStep
            key={submission?.version ?? 0}
            submission={submission}
            bookYear={bookYear}
            company={company}
            readOnly={readOnly}
            onSaved={saved('enterprise')}
            onError={onError}
          />
        )}
        {step === 'signatories' && submission && (
          <SignatoriesStep
            key={submission.version}
            submission={submission}
            company={company}
            readOnly={readOnly}
            onSaved={saved('signatories')}
            onBack={() => goTo('enterprise')}
            onError={onError}
          />
        )}
        {step === 'documents' && submission && (
          <DocumentsStep submission={submission} readOnly={readOnly} onNext={() => goTo('review')} onBack={() => goTo('signatories')} />
        )}
        {step === 'review' && submission && (
          <ReviewStep
            key={submission.version}
            submission={submission}
            readOnly={readOnly}
            goTo={goTo}
            onError={onError}
            onSubmitted={() => {
              toastDone(t('submission.wizard.submitted'));
              void navigate(paths.dashboard.submissionDetail(submission.id));
            }}
          />
        )}
      </Suspense>
    </Stack>
  );
}
