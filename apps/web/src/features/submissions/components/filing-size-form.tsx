import { SME_SIZES, type SmeSize, type StaffSubmissionDetail } from '@bansi/shared';
import { Alert, Button, Group, Paper, SegmentedControl, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconRuler2 } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/error-text';
import { useSetFilingSize } from '../api/set-filing-size';

/**
 * Where the SME thresholds cannot decide the filing's size (cells no public source gives), the reviewer sets
 * it with a reason (issue 33). Shown only then; a size the rule gives is never set by hand.
 */
export function FilingSizeForm({ submission }: { submission: StaffSubmissionDetail }) {
  const { t } = useTranslation();
  const set = useSetFilingSize(submission.id);
  const current = submission.derivedSize?.kind === 'size' ? submission.derivedSize : null;
  const [size, setSize] = useState<SmeSize | null>(current?.setByReviewer ? current.size : null);
  const [reason, setReason] = useState(current?.setByReviewer?.reason ?? '');
  const [done, setDone] = useState(false);
  if (current && !current.setByReviewer) return null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="filing-size" data-testid="filing-size">
      <Stack gap="xs">
        <Group gap="xs" wrap="nowrap">
          <IconRuler2 size={18} aria-hidden />
          <Title order={2} size="h5" id="filing-size">
            {t('submission.staff.sizeTitle')}
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          {t('submission.staff.sizeLead')}
        </Text>
        <SegmentedControl
          value={size ?? ''}
          onChange={(v) => setSize(v as SmeSize)}
          data={SME_SIZES.map((s) => ({ value: s, label: t(`submission.size.${s}`) }))}
          orientation="vertical"
          fullWidth
          data-testid="filing-size-choice"
        />
        <Textarea
          label={t('submission.staff.sizeReason')}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          autosize
          minRows={2}
          maxLength={500}
          required
          data-testid="filing-size-reason"
        />
        {set.isError && (
          <Alert color="red" role="alert">
            {errorText(set.error)}
          </Alert>
        )}
        {done && !set.isPending && !set.isError && (
          <Text size="sm" c="teal.9" role="status">
            {t('submission.staff.sizeSaved')}
          </Text>
        )}
        <Button
          style={{ alignSelf: 'flex-start' }}
          disabled={!size || reason.trim() === ''}
          loading={set.isPending}
          onClick={() => size && set.mutate({ version: submission.version, size, reason: reason.trim() }, { onSuccess: () => setDone(true) })}
          data-testid="filing-size-save"
        >
          {t('submission.staff.sizeSave')}
        </Button>
      </Stack>
    </Paper>
  );
}
