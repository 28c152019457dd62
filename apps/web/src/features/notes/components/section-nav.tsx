import { NOTES_SECTION_KEYS, type NotesComment, type NotesSectionData, type NotesSectionKey } from '@bansi/shared';
import { Badge, Group, NavLink, Select, Stack, Text } from '@mantine/core';
import { useMedia } from '../../../lib/use-media';
import { IconAlertCircle, IconCircle, IconCircleCheck, IconCircleMinus, IconMessage } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { sectionNumber, sectionState, type SectionState } from '../lib/sections';

const STATE_ICON: Record<SectionState, ReactNode> = {
  empty: <IconCircle size={16} color="var(--mantine-color-gray-6)" aria-hidden />,
  written: <IconCircleCheck size={16} color="var(--mantine-color-teal-8)" aria-hidden />,
  notApplicable: <IconCircleMinus size={16} color="var(--mantine-color-gray-7)" aria-hidden />,
};

/**
 * The 18 sections with each one's state (empty, written, not applicable), a mark where a blocking check
 * or a staff comment is. On a phone it collapses into one select.
 */
export function SectionNav({
  sections,
  active,
  onSelect,
  blocked,
  comments,
}: {
  sections: NotesSectionData[];
  active: NotesSectionKey;
  onSelect: (key: NotesSectionKey) => void;
  blocked: Set<NotesSectionKey>;
  comments: NotesComment[];
}) {
  const { t } = useTranslation();
  const phone = useMedia('(max-width: 62em)');
  const byKey = new Map(sections.map((s) => [s.key, s]));
  const commented = new Set(comments.map((c) => c.section).filter(Boolean));
  const label = (key: NotesSectionKey) => `${sectionNumber(key)}. ${t(`notesDocument.sections.${key}`)}`;
  const stateText = (key: NotesSectionKey) => t(`notesUi.state.${sectionState(byKey.get(key)!)}`);

  if (phone) {
    return (
      <Select
        label={t('notesUi.editor.section')}
        data={NOTES_SECTION_KEYS.map((key) => ({
          value: key,
          label: `${label(key)} — ${blocked.has(key) ? t('notesUi.state.incomplete') : stateText(key)}`,
        }))}
        value={active}
        onChange={(v) => v && onSelect(v as NotesSectionKey)}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        maxDropdownHeight={360}
        data-testid="section-select"
      />
    );
  }
  return (
    <Stack gap={2} component="nav" aria-label={t('notesUi.editor.sections')} data-testid="section-list">
      {NOTES_SECTION_KEYS.map((key) => {
        const state = sectionState(byKey.get(key)!);
        return (
          <NavLink
            key={key}
            component="button"
            type="button"
            active={key === active}
            aria-current={key === active ? 'step' : undefined}
            onClick={() => onSelect(key)}
            leftSection={blocked.has(key) ? <IconAlertCircle size={16} color="var(--mantine-color-red-9)" aria-hidden /> : STATE_ICON[state]}
            label={
              <Group gap={4} wrap="nowrap" justify="space-between">
                <Text size="sm" lineClamp={2}>
                  {label(key)}
                </Text>
                {commented.has(key) && <IconMessage size={14} color="var(--mantine-color-orange-8)" aria-label={t('notesUi.comments.section')} />}
              </Group>
            }
            description={
              blocked.has(key) ? (
                <Badge size="xs" color="red.9" variant="light">
                  {t('notesUi.state.incomplete')}
                </Badge>
              ) : (
                stateText(key)
              )
            }
            data-testid={`nav-${key}`}
            data-state={state}
          />
        );
      })}
    </Stack>
  );
}
