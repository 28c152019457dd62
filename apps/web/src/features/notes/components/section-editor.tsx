import {
  formatInteger,
  NOTES_MAX_FIELD,
  NOTES_REQUIRED_FIELDS,
  NOTES_REQUIRED_SECTIONS,
  NOTES_SECTION_FIELDS,
  NOTES_TEXT_LIMITS,
  type NotesComment,
  type NotesSectionData,
} from '@bansi/shared';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Switch, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../lib/use-lang';
import { hasTable, sectionNumber } from '../lib/sections';
import { SectionComments, type CommentAction } from './notes-comments';
import { NotesTable, type RowErrors } from './notes-table';

const LONG_FIELDS = new Set(['address', 'activities']);

/**
 * One section of the notes: its staff comments, "not applicable" (not for general information and
 * approval), the structured fields of those two, the prose with its limit, and the table of 5–14.
 */
export function SectionEditor({
  section,
  bookYear,
  readOnly,
  comments,
  commentAction,
  errors,
  missing,
  prefill,
  onChange,
}: {
  section: NotesSectionData;
  bookYear: number;
  readOnly: boolean;
  comments: NotesComment[];
  /** what goes under a comment (the company's "Answer") */
  commentAction?: CommentAction;
  /** field errors by path inside the section (`text`, `fields.tin`, `rows.1.current`) */
  errors: RowErrors;
  /** required fields still empty (blocking checks) */
  missing: string[];
  /** the company profile's values for the fields, to fill them again */
  prefill?: Record<string, string>;
  onChange: (update: (s: NotesSectionData) => NotesSectionData) => void;
}) {
  const { t } = useTranslation();
  const lng = useLang();
  const key = section.key;
  const limit = NOTES_TEXT_LIMITS[key];
  const length = [...section.text].length;
  const fields = NOTES_SECTION_FIELDS[key] ?? [];
  const required = NOTES_REQUIRED_FIELDS[key] ?? [];
  const canBeNa = !NOTES_REQUIRED_SECTIONS.includes(key);
  const hidden = section.notApplicable;
  const fieldLabel = (f: string) => t(`notesDocument.fields.${f}`);
  const title = `${sectionNumber(key)}. ${t(`notesDocument.sections.${key}`)}`;

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md" data-testid="section-editor" data-section={key}>
      <Stack gap="md">
        <Title order={2} size="h4" data-testid="section-title">
          {title}
        </Title>
        <SectionComments comments={comments} actionOf={commentAction} />
        {missing.length > 0 && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="section-missing">
            <Text size="sm">{t('notesUi.checks.missing', { fields: missing.map(fieldLabel).join(', ') })}</Text>
          </Alert>
        )}
        {canBeNa && (
          <Switch
            label={t('notesUi.editor.notApplicable')}
            description={t('notesUi.editor.notApplicableHint')}
            checked={section.notApplicable}
            onChange={(e) => {
              const checked = e.currentTarget.checked;
              onChange((s) => ({ ...s, notApplicable: checked }));
            }}
            disabled={readOnly}
            data-testid="not-applicable"
          />
        )}
        {!hidden && fields.length > 0 && (
          <Stack gap="xs">
            {prefill && !readOnly && (
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconRefresh size={14} />}
                style={{ alignSelf: 'flex-start' }}
                onClick={() => onChange((s) => ({ ...s, fields: { ...s.fields, ...prefill } }))}
                data-testid="prefill-again"
              >
                {t('notesUi.editor.prefillAgain')}
              </Button>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {fields.map((f) => {
                const common = {
                  label: fieldLabel(f),
                  value: section.fields[f] ?? '',
                  withAsterisk: required.includes(f),
                  readOnly,
                  error: errors[`fields.${f}`] ?? (missing.includes(f) ? t('notesUi.checks.required') : undefined),
                  'data-testid': `field-${f}`,
                };
                const set = (value: string) => onChange((s) => ({ ...s, fields: { ...s.fields, [f]: value } }));
                return LONG_FIELDS.has(f) ? (
                  <Textarea key={f} {...common} autosize minRows={2} maxLength={NOTES_MAX_FIELD} onChange={(e) => set(e.currentTarget.value)} />
                ) : (
                  <TextInput
                    key={f}
                    {...common}
                    type={f === 'approvalDate' ? 'date' : 'text'}
                    maxLength={NOTES_MAX_FIELD}
                    onChange={(e) => set(e.currentTarget.value)}
                  />
                );
              })}
            </SimpleGrid>
          </Stack>
        )}
        {!hidden && (
          <Textarea
            label={t('notesUi.editor.text')}
            description={t(`notesUi.hints.${key}`)}
            value={section.text}
            onChange={(e) => {
              const value = e.currentTarget.value;
              onChange((s) => ({ ...s, text: value }));
            }}
            autosize
            minRows={4}
            maxRows={18}
            readOnly={readOnly}
            error={errors.text}
            data-testid="section-text"
            inputWrapperOrder={['label', 'description', 'input', 'error']}
          />
        )}
        {!hidden && !readOnly && (
          <Group justify="flex-end" mt={-12}>
            <Text size="xs" c={length > limit ? 'red.9' : 'dimmed'} data-testid="text-count" aria-live="polite">
              {t('notesUi.editor.count', { n: formatInteger(length, lng), max: formatInteger(limit, lng) })}
            </Text>
          </Group>
        )}
        {!hidden && hasTable(key) && (
          <NotesTable
            sectionKey={key}
            rows={section.rows}
            bookYear={bookYear}
            readOnly={readOnly}
            errors={errors}
            onChange={(rows) => onChange((s) => ({ ...s, rows }))}
          />
        )}
        {hidden && (
          <Text size="sm" c="dimmed" data-testid="section-na">
            {t('notesUi.editor.markedNa')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
