import { Alert, Button, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';

/** Alert titles in the text colour: Mantine's yellow/red title on its light background falls under WCAG AA. */
const READABLE_TITLE = { title: { color: 'var(--mantine-color-text)' } } as const;

/**
 * What a staff review action ends in, the same for every kind (filing, notes): done (the dialog closes, a
 * toast says so), stale (someone else changed the subject first: a notice offers to reload it), or failed (the
 * reason, in the reader's language). `notices` goes into `ReviewScreen`'s notices slot.
 */
export function useReviewOutcome({
  queryKey,
  closeDialog,
  text,
}: {
  /** the subject's query, read again on "reload" */
  queryKey: QueryKey;
  closeDialog: () => void;
  text: { staleTitle?: string; stale: string; reload: string };
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [stale, setStale] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const onError = (error: unknown) => {
    if (error instanceof ApiError && (error.code === 'STALE' || error.code === 'INVALID_TRANSITION')) {
      setStale(true);
      closeDialog();
      return;
    }
    setFailure(errorText(error));
  };
  const done = (message: string) => () => {
    closeDialog();
    setFailure(null);
    // its close button is named (axe: button-name)
    notifications.show({ color: 'teal', message, closeButtonProps: { 'aria-label': t('submission.common.close') } });
  };
  const reload = () => {
    setStale(false);
    void queryClient.invalidateQueries({ queryKey });
  };

  const notices = (
    <>
      {stale && (
        <Alert
          color="yellow"
          icon={<IconAlertCircle size={18} />}
          role="alert"
          data-testid="stale-notice"
          title={text.staleTitle}
          styles={READABLE_TITLE}
        >
          <Text size="sm" mb="xs">
            {text.stale}
          </Text>
          <Button size="xs" leftSection={<IconRefresh size={14} />} onClick={reload} data-testid="stale-reload">
            {text.reload}
          </Button>
        </Alert>
      )}
      {failure && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" withCloseButton onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      )}
    </>
  );
  return { onError, done, notices };
}
