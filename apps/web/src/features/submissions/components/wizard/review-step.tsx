import { checksFromFieldErrors, type SubmissionChecks, type SubmissionDetail, type SubmissionField } from '@bansi/shared';
import { Alert, Anchor, Button, Checkbox, Group, List, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle, IconArrowLeft, IconCircleCheck, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../lib/api-client';
import { useSubmitSubmission } from '../../api/submit-submission';
import { useLang } from '../../../../lib/use-lang';
import { nameOf } from '../../lib/lang';
import { READABLE_TITLE } from '../../lib/styles';
import { SignatoriesFacts, SubmissionFacts, sizeText } from '../submission-facts';
import { stepOfError, type StepKey } from './steps';
export type { StepKey } from './steps';

const FIELD_LABEL: Record<SubmissionField, string> = {
  departmentId: 'submission.form.department',
  averageLabour: 'submission.criterion.labour',
  totalAssets: 'submission.criterion.assets',
  annualIncome: 'submission.criterion.income',
  signatories: 'submission.steps.signatories',
};

/**
 * Step 4: what will be sent; the checks in two grades — errors that block (each with a link to its step)
 * and warnings the user ticks to confirm — then submit.
 */
export function ReviewStep({
  submission,
  readOnly,
  goTo,
  onSubmitted,
  onError,
}: {
  submission: SubmissionDetail;
  readOnly: boolean;
  goTo: (step: StepKey) => void;
  onSubmitted: () => void;
  onError: (error: unknown) => void;
}) {
  const { t } = useTranslation();
  const lng = useLang();
  const submit = useSubmitSubmission();
  const [serverChecks, setServerChecks] = useState<SubmissionChecks | null>(null);
  const [confirmed, setConfirmed] = useState<string[]>([]);
  const [comment, setComment] = useState('');
  const checks = serverChecks ?? submission.checks;
  const slotName = (code?: string) => {
    const slot = submission.files.slots.find((s) => s.code === code);
    return slot ? nameOf(slot, lng) : (code ?? '');
  };
  const errorText = (e: SubmissionChecks['errors'][number]) => {
    if (e.code === 'value_missing')
      return t('submission.checks.value_missing', {
        field: e.field ? t(FIELD_LABEL[e.field]) : '',
      });
    return t(`submission.checks.${e.code}`, { slot: slotName(e.slot) });
  };
  const errorStep = stepOfError;
  const warningText = (code: SubmissionChecks['warnings'][number]['code']) =>
    code === 'size_differs'
      ? t('submission.derived.differs', {
          derived: sizeText(t, submission.derivedSize),
          declared: submission.declaredSize?.size ? t(`submission.size.${submission.declaredSize.size}`) : (submission.declaredSize?.code ?? ''),
        })
      : t('submission.checks.size_undetermined');
  const allConfirmed = checks.warnings.every((w) => confirmed.includes(w.code));
  const blocked = checks.errors.length > 0;
  const fileCount = submission.files.slots.filter((s) => s.file).length + submission.files.others.length;

  const send = () =>
    submit.mutate(
      {
        id: submission.id,
        version: submission.version,
        confirmWarnings: checks.warnings.length > 0 && allConfirmed,
        comment: comment.trim() || undefined,
      },
      {
        onSuccess: onSubmitted,
        onError: (error) => {
          if (error instanceof ApiError && error.problem.errors && (error.code === 'CHECKS_FAILED' || error.status === 422)) {
            // The server's checks are the truth (a file may have changed meanwhile).
            setServerChecks(checksFromFieldErrors(error.problem.errors));
            setConfirmed([]);
            return;
          }
          onError(error);
        },
      },
    );

  return (
    <Stack gap="md" data-testid="step-review">
      <Paper withBorder p="md" radius="md">
        <Title order={3} size="h5" mb="sm">
          {t('submission.steps.enterprise')}
        </Title>
        <SubmissionFacts submission={submission} />
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Title order={3} size="h5" mb="sm">
          {t('submission.steps.signatories')}
        </Title>
        <SignatoriesFacts signatories={submission.signatories} />
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Title order={3} size="h5" mb={4}>
          {t('submission.steps.documents')}
        </Title>
        <Text size="sm">{t('submission.review.fileCount', { count: fileCount })}</Text>
      </Paper>

      {!readOnly && (
        <>
          {blocked ? (
            <Alert
              color="red"
              icon={<IconAlertCircle size={18} />}
              title={t('submission.review.errorsTitle')}
              data-testid="check-errors"
              role="alert"
              styles={READABLE_TITLE}
            >
              <List size="sm" spacing={4}>
                {checks.errors.map((e, i) => (
                  <List.Item key={`${e.code}-${e.slot ?? e.field ?? i}`}>
                    {errorText(e)}{' '}
                    <Anchor component="button" type="button" size="sm" c="red.9" underline="always" fw={600} onClick={() => goTo(errorStep(e))}>
                      {t('submission.review.fixIt', {
                        step: t(`submission.steps.${errorStep(e)}`),
                      })}
                    </Anchor>
                  </List.Item>
                ))}
              </List>
            </Alert>
          ) : (
            <Alert color="teal" icon={<IconCircleCheck size={18} />} data-testid="check-ok">
              {t('submission.review.ready')}
            </Alert>
          )}
          {checks.warnings.length > 0 && (
            <Alert
              color="yellow"
              icon={<IconAlertTriangle size={18} />}
              title={t('submission.review.warningsTitle')}
              data-testid="check-warnings"
              styles={READABLE_TITLE}
            >
              <Stack gap="xs">
                {checks.warnings.map((w) => (
                  <Checkbox
                    key={w.code}
                    label={warningText(w.code)}
                    checked={confirmed.includes(w.code)}
                    onChange={(e) => {
                      const on = e.currentTarget.checked;
                      setConfirmed((prev) => (on ? [...prev, w.code] : prev.filter((c) => c !== w.code)));
                    }}
                    data-testid={`confirm-${w.code}`}
                  />
                ))}
              </Stack>
            </Alert>
          )}
          <Textarea
            label={submission.status === 'returned' ? t('submission.review.commentReturned') : t('submission.review.comment')}
            value={comment}
            onChange={(e) => setComment(e.currentTarget.value)}
            autosize
            minRows={2}
            maxLength={4000}
            data-testid="submit-comment"
          />
        </>
      )}
      <Group justify="space-between" gap="sm">
        <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={() => goTo('documents')}>
          {t('submission.wizard.back')}
        </Button>
        {!readOnly && (
          <Button
            leftSection={<IconSend size={16} />}
            onClick={send}
            disabled={blocked || !allConfirmed}
            loading={submit.isPending}
            data-testid="submit-button"
          >
            {submission.status === 'returned' ? t('submission.review.resubmit') : t('submission.review.submit')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
