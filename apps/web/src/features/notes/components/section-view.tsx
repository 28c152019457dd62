import { formatLak, NOTES_SECTION_FIELDS, type NotesSection } from '@bansi/shared';
import { Badge, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../lib/use-lang';

/** A section as read (the reviewer's screen): fields, prose, and the table with right-aligned amounts and totals. */
export function SectionView({ section, bookYear, children }: { section: NotesSection; bookYear: number; children?: ReactNode }) {
  const { t } = useTranslation();
  const lng = useLang();
  const fields = NOTES_SECTION_FIELDS[section.key] ?? [];
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md" data-testid="section-view" data-section={section.key}>
      <Stack gap="sm">
        <Title order={2} size="h5">
          {`${section.number}. ${t(`notesDocument.sections.${section.key}`)}`}
        </Title>
        {section.notApplicable ? (
          <Badge variant="light" color="gray" style={{ alignSelf: 'flex-start' }}>
            {t('notesUi.staff.na')}
          </Badge>
        ) : (
          <>
            {fields.length > 0 && (
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
                {fields.map((f) => (
                  <div key={f}>
                    <Text size="xs" c="dimmed">
                      {t(`notesDocument.fields.${f}`)}
                    </Text>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {section.fields[f] || '—'}
                    </Text>
                  </div>
                ))}
              </SimpleGrid>
            )}
            <Text size="sm" c={section.text ? undefined : 'dimmed'} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {section.text || t('notesUi.staff.emptyText')}
            </Text>
            {section.hasTable && section.rows.length > 0 && (
              <Table.ScrollContainer minWidth={320}>
                <Table striped withTableBorder fz="sm" data-testid="section-table">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th />
                      <Table.Th ta="right">{t('notesUi.table.current', { year: bookYear })}</Table.Th>
                      <Table.Th ta="right">{t('notesUi.table.prior', { year: bookYear - 1 })}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {section.rows.map((r, i) => (
                      <Table.Tr key={i}>
                        <Table.Td style={{ overflowWrap: 'anywhere' }}>{r.label}</Table.Td>
                        <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                          {r.current === null ? '' : formatLak(r.current, lng)}
                        </Table.Td>
                        <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                          {r.prior === null ? '' : formatLak(r.prior, lng)}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                  {section.total && (
                    <Table.Tfoot>
                      <Table.Tr fw={700}>
                        <Table.Td>{t('notesUi.table.total')}</Table.Td>
                        <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} data-testid="view-total-current">
                          {formatLak(section.total.current, lng)}
                        </Table.Td>
                        <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                          {formatLak(section.total.prior, lng)}
                        </Table.Td>
                      </Table.Tr>
                    </Table.Tfoot>
                  )}
                </Table>
              </Table.ScrollContainer>
            )}
          </>
        )}
        {children}
      </Stack>
    </Paper>
  );
}
