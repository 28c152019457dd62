import { notifications } from '@mantine/notifications';
import i18next from 'i18next';

/** A short confirmation; its close button is named (axe: button-name). */
export function toastDone(message: string) {
  notifications.show({ color: 'teal', message, closeButtonProps: { 'aria-label': i18next.t('notesUi.close') } });
}
