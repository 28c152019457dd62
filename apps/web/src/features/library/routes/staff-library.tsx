import { LIBRARY_CATEGORIES, localized, type LibraryCategory, type StaffLibraryDocument } from '@bansi/shared';
import { ActionIcon, Alert, Badge, Button, Group, Loader, Modal, ScrollArea, Select, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconEdit, IconEye, IconFilePlus, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../lib/use-lang';
import { PageTitle } from '../../../components/page-title';
import { PdfViewer } from '../../../components/pdf-viewer';
import { formatDate } from '../../../lib/format';
import { libraryFileUrl, pickFile } from '../api/file-url';
import { useStaffLibrary } from '../api/list-staff-library';
import { CreateDocumentModal, EditModal, VersionModal } from '../components/library-forms';

/** Any version of a document in the viewer, chosen from its history. */
function PreviewModal({ doc, onClose }: { doc: StaffLibraryDocument; onClose(): void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [versionId, setVersionId] = useState(doc.current.id);
  const version = doc.versions.find((v) => v.id === versionId) ?? doc.current;
  const file = pickFile(version.files, lang);
  return (
    <Modal
      opened
      onClose={onClose}
      fullScreen
      title={localized(doc.titleLo, doc.titleEn, lang)}
      closeButtonProps={{ 'aria-label': t('viewer.properties.close') }}
      data-testid="library-preview"
    >
      <Stack h="calc(100dvh - 90px)" gap="sm">
        <Select
          maw={360}
          label={t('library.staff.versions')}
          data={doc.versions.map((v) => ({
            value: v.id,
            label: t('library.staff.versionOption', { version: v.version, date: formatDate(v.documentDate, lang) }),
          }))}
          value={version.id}
          allowDeselect={false}
          onChange={(v) => v && setVersionId(v)}
        />
        <div style={{ flex: 1, minHeight: 0 }}>
          <PdfViewer
            key={`${version.id}:${lang}`}
            url={libraryFileUrl(doc.id, lang, { staff: true, version: version.id })}
            downloadUrl={libraryFileUrl(doc.id, lang, { staff: true, version: version.id, download: true })}
            fileName={file?.fileName}
          />
        </div>
      </Stack>
    </Modal>
  );
}

/** /staff/library: the reading library in the back office. Staff admins publish; reviewers look. */
export function StaffLibraryScreen({ canPublish }: { canPublish: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [category, setCategory] = useState<LibraryCategory | null>(null);
  const { data, isPending, isError } = useStaffLibrary(category);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<StaffLibraryDocument | null>(null);
  const [versioning, setVersioning] = useState<StaffLibraryDocument | null>(null);
  const [previewing, setPreviewing] = useState<StaffLibraryDocument | null>(null);
  const items = data?.items ?? [];

  return (
    <>
      <PageTitle>{t('staff.nav.library')}</PageTitle>
      <Stack>
        {!canPublish && (
          <Alert color="blue" data-testid="library-read-only">
            {t('library.staff.readOnly')}
          </Alert>
        )}
        <Group justify="space-between" align="flex-end">
          <Select
            label={t('library.staff.fields.category')}
            data={[
              { value: 'all', label: t('library.staff.allCategories') },
              ...LIBRARY_CATEGORIES.map((c) => ({ value: c, label: t(`library.categories.${c}`) })),
            ]}
            value={category ?? 'all'}
            allowDeselect={false}
            onChange={(v) => setCategory(!v || v === 'all' ? null : (v as LibraryCategory))}
            w={240}
          />
          {canPublish && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              {t('library.staff.add')}
            </Button>
          )}
        </Group>
        {isPending && <Loader size="sm" aria-label={t('common.loading')} />}
        {isError && <Alert color="red">{t('library.reader.loadFailed')}</Alert>}
        {data && items.length === 0 && <Text c="dimmed">{t('library.staff.empty')}</Text>}
        {items.length > 0 && (
          <ScrollArea type="auto">
            <Table striped highlightOnHover miw={720} data-testid="library-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('library.staff.columns.title')}</Table.Th>
                  <Table.Th>{t('library.staff.columns.category')}</Table.Th>
                  <Table.Th>{t('library.staff.columns.version')}</Table.Th>
                  <Table.Th>{t('library.staff.columns.date')}</Table.Th>
                  <Table.Th>{t('library.staff.columns.status')}</Table.Th>
                  <Table.Th>{t('library.staff.columns.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((doc) => {
                  const title = localized(doc.titleLo, doc.titleEn, lang);
                  return (
                    <Table.Tr key={doc.id} data-doc={doc.id}>
                      <Table.Td>
                        <Text fw={500}>{doc.titleLo}</Text>
                        {doc.titleEn && (
                          <Text size="sm" c="dimmed">
                            {doc.titleEn}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>{t(`library.categories.${doc.category}`)}</Table.Td>
                      <Table.Td>
                        {doc.current.version}
                        <Text size="xs" c="dimmed">
                          {t('library.staff.versionsCount', { count: doc.versions.length })}
                        </Text>
                      </Table.Td>
                      <Table.Td>{formatDate(doc.current.documentDate, lang)}</Table.Td>
                      <Table.Td>
                        <Badge color={doc.published ? 'green' : 'gray'} variant="light">
                          {t(doc.published ? 'library.staff.published' : 'library.staff.draft')}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <Tooltip label={t('library.staff.view')}>
                            <ActionIcon variant="subtle" aria-label={`${t('library.staff.view')}: ${title}`} onClick={() => setPreviewing(doc)}>
                              <IconEye size={18} />
                            </ActionIcon>
                          </Tooltip>
                          {canPublish && (
                            <>
                              <Tooltip label={t('library.staff.edit')}>
                                <ActionIcon variant="subtle" aria-label={`${t('library.staff.edit')}: ${title}`} onClick={() => setEditing(doc)}>
                                  <IconEdit size={18} />
                                </ActionIcon>
                              </Tooltip>
                              <Tooltip label={t('library.staff.newVersion')}>
                                <ActionIcon
                                  variant="subtle"
                                  aria-label={`${t('library.staff.newVersion')}: ${title}`}
                                  onClick={() => setVersioning(doc)}
                                >
                                  <IconFilePlus size={18} />
                                </ActionIcon>
                              </Tooltip>
                            </>
                          )}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        )}
      </Stack>
      {canPublish && <CreateDocumentModal opened={creating} onClose={() => setCreating(false)} category={category} />}
      {canPublish && editing && <EditModal key={editing.id} doc={editing} onClose={() => setEditing(null)} />}
      {canPublish && <VersionModal doc={versioning} onClose={() => setVersioning(null)} />}
      {previewing && <PreviewModal doc={previewing} onClose={() => setPreviewing(null)} />}
    </>
  );
}
