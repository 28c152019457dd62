import { Button, Group, Modal, Text, type ButtonProps } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A button that asks first: the action runs only after "confirm" in a dialog. */
export function ConfirmButton({
  children,
  title,
  message,
  confirmLabel,
  onConfirm,
  loading,
  ...buttonProps
}: {
  children: ReactNode;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  loading?: boolean;
} & Omit<ButtonProps, 'children' | 'loading'> & { 'aria-label'?: string }) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button {...buttonProps} loading={loading} onClick={open}>
        {children}
      </Button>
      <Modal opened={opened} onClose={close} title={title} centered>
        <Text mb="lg">{message}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            {t('account.common.cancel')}
          </Button>
          <Button
            color="red"
            onClick={() => {
              close();
              onConfirm();
            }}
          >
            {confirmLabel}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
