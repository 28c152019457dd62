import { notesChecks, type NotesSectionData, type NotesSectionKey } from '@bansi/shared';
import { Alert, Anchor, Button, Group, List, Modal, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sectionNumber } from '../lib/sections';

/**
 * Checks before a submit (DESIGN §8.2), computed from what is on screen with the shared rule: blocking
 * errors (general information or approval incomplete) keep the button from sending and link to the
 * section; warnings (sections neither written nor marked not applicable) are confirmed in a dialog.
 */
export function SubmitPanel({
  sections,
  resubmit,
  busy,
  onGoTo,
  onSubmit,
}: {
  sections: NotesSectionData[];
  resubmit: boolean;
  busy: boolean;
  onGoTo: (key: NotesSectionKey) => void;
  onSubmit: (confirmWarnings: boolean, comment: string) => void;
}) {
  const { t } = useTranslation();
  const checks = notesChecks(sections);
  const [opened, setOpened] = useState(false);
  const [comment, setComment] = useState('');
  const blockedSections = [...new Set(checks.errors.map((e) => e.section))];
  const title = (key: NotesSectionKey) => `${sectionNumber(key)}. ${t(`notesDocument.sections.${key}`)}`;

  return (
    <Paper withBorder p="md" radius="md" data-testid="submit-panel">
      <Stack gap="sm">
        <Text fw={700}>{resubmit ? t('notesUi.submit.titleAgain') : t('notesUi.submit.title')}</Text>
        {checks.errors.length > 0 && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="checks-errors">
            <Text size="sm" mb={4}>
              {t('notesUi.checks.blocking')}
            </Text>
            <List size="sm">
              {blockedSections.map((key) => (
                <List.Item key={key}>
                  <Anchor component="button" type="button" size="sm" onClick={() => onGoTo(key)}>
                    {title(key)}
                  </Anchor>
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
        {checks.warnings.length > 0 && (
          <Text size="sm" c="dimmed" data-testid="checks-warnings-count">
            {t('notesUi.checks.warningsCount', { count: checks.warnings.length })}
          </Text>
        )}
        <Textarea
          label={t('notesUi.submit.comment')}
          value={comment}
          onChange={(e) => setComment(e.currentTarget.value)}
          autosize
          minRows={2}
          maxLength={4000}
          data-testid="submit-comment"
        />
        <Group>
          <Button
            leftSection={<IconSend size={16} />}
            disabled={checks.errors.length > 0}
            loading={busy}
            onClick={() => {
              if (checks.warnings.length > 0) setOpened(true);
              else onSubmit(false, comment);
            }}
            data-testid="notes-submit"
          >
            {resubmit ? t('notesUi.submit.buttonAgain') : t('notesUi.submit.button')}
          </Button>
        </Group>
      </Stack>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('notesUi.checks.warningsTitle')} centered size="lg">
        <Stack gap="sm" data-testid="warnings-dialog">
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
            <Text size="sm">{t('notesUi.checks.warningsBody')}</Text>
          </Alert>
          <List size="sm" data-testid="warnings-list">
            {checks.warnings.map((w) => (
              <List.Item key={w.section}>
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  onClick={() => {
                    setOpened(false);
                    onGoTo(w.section);
                  }}
                >
                  {title(w.section)}
                </Anchor>
              </List.Item>
            ))}
          </List>
          <Group justify="flex-end" gap="sm" wrap="wrap">
            <Button variant="default" onClick={() => setOpened(false)}>
              {t('notesUi.checks.goBack')}
            </Button>
            <Button
              onClick={() => {
                setOpened(false);
                onSubmit(true, comment);
              }}
              data-testid="confirm-warnings"
            >
              {t('notesUi.checks.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
