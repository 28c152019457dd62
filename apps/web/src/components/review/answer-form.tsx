import { Alert, Button, Group, Stack, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMessageReply } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';

/**
 * "Answer" under a comment of the service, for every reviewed kind (a filing, notes): the company replies without
 * resubmitting (decision 096). `answer` posts it (and refreshes what shows it). A field error of the server shows on
 * the text box; any other failure above the buttons.
 */
export function AnswerForm({ commentId, answer }: { commentId: string; answer: (body: { commentId: string; body: string }) => Promise<unknown> }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const send = useMutation({ mutationFn: answer });
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
  const problem = send.error instanceof ApiError ? send.error.problem : null;
  const fieldError = problem?.errors?.find((e) => e.path === 'body.body')?.message;
  return (
    <Stack
      gap={6}
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        if (!text.trim()) return;
        send.mutate(
          { commentId, body: text.trim() },
          {
            onSuccess: () => {
              setText('');
              setOpen(false);
              notifications.show({
                color: 'teal',
                message: t('filing.answer.sent'),
                closeButtonProps: { 'aria-label': t('submission.common.close') },
              });
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
      {send.isError && !fieldError && (
        <Alert color="red" role="alert" p="xs">
          {errorText(send.error)}
        </Alert>
      )}
      <Group gap="xs">
        <Button type="submit" size="compact-sm" loading={send.isPending} disabled={!text.trim()} data-testid="answer-send">
          {t('filing.answer.send')}
        </Button>
        <Button variant="default" size="compact-sm" onClick={() => setOpen(false)}>
          {t('filing.answer.cancel')}
        </Button>
      </Group>
    </Stack>
  );
}
