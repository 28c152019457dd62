import { Button, Group, Modal, Stack, Text, Textarea, type ButtonProps } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A reason is asked for before voiding an invoice, reversing a payment or rejecting a slip. */
export function ReasonButton({
  label,
  title,
  color,
  onSubmit,
  loading,
  testId,
  lead,
  size = 'compact-sm',
}: {
  label: string;
  title: string;
  /** what the action does, above the reason */
  lead?: string;
  color: string;
  onSubmit: (reason: string) => void;
  loading: boolean;
  testId: string;
  size?: ButtonProps['size'];
}) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const [reason, setReason] = useState('');
  return (
    <>
      <Button size={size} variant="light" color={color} onClick={open} data-testid={testId}>
        {label}
      </Button>
      <Modal opened={opened} onClose={close} title={title} centered>
        <Stack>
          {lead ? <Text size="sm">{lead}</Text> : null}
          <Textarea
            label={t('payments.staff.reason')}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            minRows={2}
            autosize
            maxLength={500}
            data-testid={`${testId}-reason`}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('payments.staff.cancel')}
            </Button>
            <Button
              color={color}
              disabled={reason.trim().length < 3}
              loading={loading}
              data-testid={`${testId}-confirm`}
              onClick={() => {
                onSubmit(reason.trim());
                close();
              }}
            >
              {label}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
