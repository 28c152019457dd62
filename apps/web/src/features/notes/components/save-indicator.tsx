import { Badge, Loader } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCloudOff, IconGitCompare, IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SaveState } from '../lib/use-notes-editor';

const LOOK: Record<SaveState, { color: string; icon?: ReactNode }> = {
  idle: { color: 'gray.7' },
  pending: { color: 'gray.7' },
  saving: { color: 'blue.8', icon: <Loader size={10} color="white" /> },
  saved: { color: 'teal.9', icon: <IconCheck size={12} /> },
  offline: { color: 'orange.9', icon: <IconCloudOff size={12} /> },
  conflict: { color: 'red.9', icon: <IconGitCompare size={12} /> },
  invalid: { color: 'red.9', icon: <IconAlertTriangle size={12} /> },
  error: { color: 'red.9', icon: <IconAlertTriangle size={12} /> },
  locked: { color: 'gray.7', icon: <IconLock size={12} /> },
};

/** Where the user's typing is: saving…, saved, offline — kept on this device, conflict, … */
export function SaveIndicator({ state }: { state: SaveState }) {
  const { t } = useTranslation();
  const look = LOOK[state];
  return (
    <Badge
      variant="filled"
      color={look.color}
      leftSection={look.icon}
      size="lg"
      radius="sm"
      tt="none"
      role="status"
      aria-live="polite"
      data-testid="save-state"
      data-state={state}
      style={{ maxWidth: '100%' }}
    >
      {t(`notesUi.save.${state}`)}
    </Badge>
  );
}
