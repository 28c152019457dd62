import { formatLak, notesSectionTotal, type NotesSectionData, type NotesSectionKey } from '@bansi/shared';
import { Button, Group, Modal, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../lib/use-lang';
import { sectionNumber, sectionState } from '../lib/sections';
import type { NotesConflict } from '../lib/use-notes-editor';

const same = (a: NotesSectionData, b: NotesSectionData) =>
  a.notApplicable === b.notApplicable &&
  a.text === b.text &&
  JSON.stringify(a.fields) === JSON.stringify(b.fields) &&
  JSON.stringify(a.rows) === JSON.stringify(b.rows);

function Side({ title, section }: { title: string; section: NotesSectionData }) {
  const { t } = useTranslation();
  const lng = useLang();
  const total = notesSectionTotal(section);
  const fields = Object.entries(section.fields).filter(([, v]) => v.trim() !== '');
  return (
    <Paper withBorder p="xs" radius="sm">
      <Text size="xs" fw={700} mb={4}>
        {title}
      </Text>
      <Text size="xs" c="dimmed">
        {t(`notesUi.state.${sectionState(section)}`)}
      </Text>
      {fields.map(([f, v]) => (
        <Text key={f} size="xs" style={{ overflowWrap: 'anywhere' }}>
          {`${t(`notesDocument.fields.${f}`)}: ${v}`}
        </Text>
      ))}
      {section.text && (
        <Text size="sm" lineClamp={6} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {section.text}
        </Text>
      )}
      {total && (
        <Text size="xs" mt={4}>
          {t('notesUi.conflict.total', { rows: section.rows.length, current: formatLak(total.current, lng), prior: formatLak(total.prior, lng) })}
        </Text>
      )}
    </Paper>
  );
}

/**
 * Someone saved the document since this device's edits were made (409 STALE, or a draft kept from an
 * older version): what differs, section by section, and the choice — keep mine (saved over theirs) or
 * take the server's (mine dropped).
 */
export function ConflictDialog({
  conflict,
  onKeepMine,
  onTakeServer,
}: {
  conflict: NotesConflict;
  onKeepMine: () => void;
  onTakeServer: () => void;
}) {
  const { t } = useTranslation();
  const server = new Map(conflict.server.sections.map((s) => [s.key, s]));
  const differing = (Object.entries(conflict.mine) as [NotesSectionKey, NotesSectionData][]).filter(([key, mine]) => {
    const theirs = server.get(key);
    return !theirs || !same(theirs, mine);
  });
  return (
    <Modal
      opened
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title={t('notesUi.conflict.title')}
      size="xl"
      centered
    >
      <Stack gap="sm" data-testid="conflict-dialog">
        <Text size="sm">{t('notesUi.conflict.body')}</Text>
        {conflict.myLanguage && conflict.myLanguage !== conflict.server.language && (
          <Text size="sm">
            {t('notesUi.conflict.language', {
              mine: t(`common.languages.${conflict.myLanguage}`),
              theirs: t(`common.languages.${conflict.server.language}`),
            })}
          </Text>
        )}
        {differing.map(([key, mine]) => (
          <Stack key={key} gap={4} data-testid="conflict-section" data-section={key}>
            <Text fw={700} size="sm">
              {`${sectionNumber(key)}. ${t(`notesDocument.sections.${key}`)}`}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
              <Side title={t('notesUi.conflict.theirs')} section={server.get(key)!} />
              <Side title={t('notesUi.conflict.mine')} section={mine} />
            </SimpleGrid>
          </Stack>
        ))}
        <Group justify="flex-end" gap="sm" wrap="wrap">
          <Button variant="default" onClick={onTakeServer} data-testid="conflict-take-server">
            {t('notesUi.conflict.takeServer')}
          </Button>
          <Button onClick={onKeepMine} data-testid="conflict-keep-mine">
            {t('notesUi.conflict.keepMine')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
