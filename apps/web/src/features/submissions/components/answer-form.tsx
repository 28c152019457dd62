import type { SubmissionComment } from '@bansi/shared';
import { Alert, Button, Group, Stack, Textarea } from '@mantine/core';
import { IconMessageReply } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { useAnswerComment } from '../api/answer-comment';
import { toastDone } from '../lib/toast';

/**
 * "Answer" under a comment of the service: the company replies without resubmitting (decision 096).
 * A field error of the server shows on the text box; any other failure above the buttons.
 */
export function AnswerForm({ submissionId, comment }: { submissionId: string; comment: SubmissionComment }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const answer = useAnswerComment(submissionId);
  if (!open) {
    return (
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconMessageReply size={14} />}
        onClick={() => setOpen(true)}
        data-testid="answer-open"
        style={{ alignSelf: 'flex-start' }}
      >
        {t('filing.answer.button')}
      </Button>
    );
  }
  const problem = answer.error instanceof ApiError ? answer.error.problem : null;
  const fieldError = problem?.errors?.find((e) => e.path === 'body.body')?.message;
  return (
    <Stack
      gap={6}
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        if (!text.trim()) return;
        answer.mutate(
          { commentId: comment.id, body: text.trim() },
          {
            onSuccess: () => {
              setText('');
              setOpen(false);
              toastDone(t('filing.answer.sent'));
            },
          },
        );
      }}
      data-testid="answer-form"
    >
      <Textarea
        label={t('filing.answer.label')}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        autosize
        minRows={2}
        maxLength={4000}
        error={fieldError}
        data-autofocus
        data-testid="answer-text"
      />
      {answer.isError && !fieldError && (
        <Alert color="red" role="alert" p="xs">
          {errorText(answer.error)}
        </Alert>
      )}
      <Group gap="xs">
        <Button type="submit" size="compact-sm" loading={answer.isPending} disabled={!text.trim()} data-testid="answer-send">
          {t('filing.answer.send')}
        </Button>
        <Button variant="default" size="compact-sm" onClick={() => setOpen(false)}>
          {t('filing.answer.cancel')}
        </Button>
      </Group>
    </Stack>
  );
}
