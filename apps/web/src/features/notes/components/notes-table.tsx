import {
  formatLak,
  NOTES_MAX_LABEL,
  NOTES_RESTATEMENT_MAX,
  NOTES_MAX_ROWS,
  notesSectionAllowsNegative,
  notesSectionTotal,
  type NotesRow,
  type NotesSectionKey,
} from '@bansi/shared';
import { ActionIcon, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconLock, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LakInput } from '../../../components/lak-input';
import { useLang } from '../../../lib/use-lang';

/** A table row's field error, by its path inside the section (`rows.2.current`). */
export type RowErrors = Record<string, string | undefined>;

const amount = (v: number | string): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * The lines of a table section (5–14): a label and the amounts of the book year and the prior year in
 * whole kip; rows are added, removed and moved with buttons (keyboard and screen-reader friendly), and
 * the totals are computed as the user types, never typed. At 360 px each row is a small card.
 */
export function NotesTable({
  sectionKey,
  rows,
  bookYear,
  readOnly,
  errors,
  onChange,
}: {
  sectionKey: NotesSectionKey;
  rows: NotesRow[];
  bookYear: number;
  readOnly: boolean;
  errors: RowErrors;
  onChange: (rows: NotesRow[]) => void;
}) {
  const { t } = useTranslation();
  const lng = useLang();
  const total = notesSectionTotal({ key: sectionKey, rows })!;
  const negative = notesSectionAllowsNegative(sectionKey);
  const set = (i: number, patch: Partial<NotesRow>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const move = (i: number, by: -1 | 1) => {
    const next = [...rows];
    const [row] = next.splice(i, 1);
    next.splice(i + by, 0, row!);
    onChange(next);
  };
  const current = t('notesUi.table.current', { year: bookYear });
  const prior = t('notesUi.table.prior', { year: bookYear - 1 });
  // A prior-year figure carried forward from accepted notes is locked; "Restate" opens it with a reason.
  // Which lines are open is kept here (by label: a carried line's label cannot change), not in the row,
  // so an autosave in between does not lock the line again before the new figure is typed.
  const [opened, setOpened] = useState<Set<string>>(new Set());
  const isCarried = (row: NotesRow) => row.carried !== undefined;
  const restating = (row: NotesRow) => isCarried(row) && (opened.has(row.label) || row.prior !== row.carried || row.restatement !== undefined);
  const open = (row: NotesRow, on: boolean) =>
    setOpened((o) => {
      const next = new Set(o);
      if (on) next.add(row.label);
      else next.delete(row.label);
      return next;
    });

  return (
    <Stack gap="xs" data-testid="notes-table">
      {rows.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('notesUi.table.empty')}
        </Text>
      )}
      {rows.map((row, i) => (
        <Paper key={i} withBorder p="xs" radius="sm" data-testid="notes-row">
          <Stack gap={6}>
            <Group gap="xs" wrap="nowrap" align="flex-end">
              <TextInput
                label={t('notesUi.table.label', { n: i + 1 })}
                value={row.label}
                onChange={(e) => set(i, { label: e.currentTarget.value })}
                maxLength={NOTES_MAX_LABEL}
                readOnly={readOnly || isCarried(row)}
                error={errors[`rows.${i}.label`]}
                style={{ flex: 1, minWidth: 0 }}
                data-testid="row-label"
              />
              {!readOnly && (
                <Group gap={2} wrap="nowrap" mb={2}>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="lg"
                    onClick={() => move(i, -1)}
                    disabled={i === 0}
                    aria-label={t('notesUi.table.up', { n: i + 1 })}
                    data-testid="row-up"
                  >
                    <IconArrowUp size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="lg"
                    onClick={() => move(i, 1)}
                    disabled={i === rows.length - 1}
                    aria-label={t('notesUi.table.down', { n: i + 1 })}
                    data-testid="row-down"
                  >
                    <IconArrowDown size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red.9"
                    size="lg"
                    disabled={isCarried(row)}
                    onClick={() => onChange(rows.filter((_, j) => j !== i))}
                    aria-label={t('notesUi.table.remove', { n: i + 1 })}
                    data-testid="row-remove"
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              )}
            </Group>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
              <LakInput
                label={current}
                value={row.current ?? ''}
                onChange={(v) => set(i, { current: amount(v) })}
                allowNegative={negative}
                readOnly={readOnly}
                error={errors[`rows.${i}.current`]}
                data-testid="row-current"
              />
              <LakInput
                label={prior}
                value={row.prior ?? ''}
                onChange={(v) => set(i, { prior: amount(v) })}
                allowNegative={negative}
                readOnly={readOnly || (isCarried(row) && !restating(row))}
                leftSection={isCarried(row) && !restating(row) ? <IconLock size={14} aria-hidden /> : undefined}
                description={
                  isCarried(row)
                    ? t('notesUi.table.carriedFrom', { year: bookYear - 1, amount: row.carried === null ? '—' : formatLak(row.carried!, lng) })
                    : undefined
                }
                error={errors[`rows.${i}.prior`]}
                data-testid="row-prior"
              />
            </SimpleGrid>
            {isCarried(row) && restating(row) && (
              <Stack gap={4} data-testid="row-restatement">
                <Badge color="orange" variant="light" style={{ alignSelf: 'flex-start' }}>
                  {t('notesUi.table.restated')}
                </Badge>
                <Textarea
                  label={t('notesUi.table.reason')}
                  description={t('notesUi.table.reasonHint', { max: NOTES_RESTATEMENT_MAX })}
                  value={row.restatement ?? ''}
                  onChange={(e) => set(i, { restatement: e.currentTarget.value })}
                  maxLength={NOTES_RESTATEMENT_MAX}
                  autosize
                  minRows={2}
                  required
                  readOnly={readOnly}
                  error={errors[`rows.${i}.restatement`]}
                  data-testid="row-reason"
                />
                {!readOnly && (
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    style={{ alignSelf: 'flex-start' }}
                    onClick={() => {
                      open(row, false);
                      set(i, { prior: row.carried ?? null, restatement: undefined });
                    }}
                    data-testid="row-unrestate"
                  >
                    {t('notesUi.table.keepAccepted')}
                  </Button>
                )}
              </Stack>
            )}
            {isCarried(row) && !restating(row) && !readOnly && (
              <Button
                variant="light"
                color="orange"
                size="compact-sm"
                leftSection={<IconPencil size={14} />}
                style={{ alignSelf: 'flex-start' }}
                onClick={() => open(row, true)}
                aria-label={t('notesUi.table.restateLine', { n: i + 1 })}
                data-testid="row-restate"
              >
                {t('notesUi.table.restate')}
              </Button>
            )}
          </Stack>
        </Paper>
      ))}
      {!readOnly && (
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => onChange([...rows, { label: '', current: null, prior: null }])}
          disabled={rows.length >= NOTES_MAX_ROWS}
          style={{ alignSelf: 'flex-start' }}
          data-testid="row-add"
        >
          {t('notesUi.table.add')}
        </Button>
      )}
      <Paper p="xs" radius="sm" bg="var(--mantine-color-gray-0)" data-testid="notes-total" aria-live="polite">
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing={4}>
          <Text fw={700} size="sm">
            {t('notesUi.table.total')}
          </Text>
          <Text size="sm" ta={{ base: 'left', xs: 'right' }} data-testid="total-current">
            <Text span size="xs" c="dimmed">
              {current}{' '}
            </Text>
            <Text span fw={700} inherit>
              {formatLak(total.current, lng)}
            </Text>
          </Text>
          <Text size="sm" ta={{ base: 'left', xs: 'right' }} data-testid="total-prior">
            <Text span size="xs" c="dimmed">
              {prior}{' '}
            </Text>
            <Text span fw={700} inherit>
              {formatLak(total.prior, lng)}
            </Text>
          </Text>
        </SimpleGrid>
      </Paper>
    </Stack>
  );
}
