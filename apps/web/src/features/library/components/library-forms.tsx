import {
  CreateLibraryDocumentFields,
  LIBRARY_CATEGORIES,
  LIBRARY_FILE_FIELDS,
  LibraryVersionFields,
  type LibraryCategory,
  type StaffLibraryDocument,
} from '@bansi/shared';
import { Alert, Button, FileInput, Group, Modal, SegmentedControl, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { useAddLibraryVersion } from '../api/add-library-version';
import { useCreateLibraryDocument } from '../api/create-library-document';
import { useUpdateLibraryDocument } from '../api/update-library-document';

type Errors = Record<string, string>;
type FileMode = 'both' | 'perLanguage';
interface Files {
  both: File | null;
  lo: File | null;
  en: File | null;
}

const today = () => new Date().toISOString().slice(0, 10);

/** Field errors from the API problem (`body.titleLo` → titleLo), or one general message. */
function useProblem() {
  const { t } = useTranslation();
  return (error: unknown): { fields: Errors; general: string | null } => {
    if (error instanceof ApiError) {
      const fields: Errors = {};
      for (const e of error.problem.errors ?? []) fields[e.path.replace(/^body\./, '')] = e.message;
      return { fields, general: Object.keys(fields).length ? null : t(`errors.${error.code}`) };
    }
    return { fields: {}, general: t('errors.INTERNAL') };
  };
}

function fileErrors(t: (key: string) => string, mode: FileMode, files: Files): Errors {
  if (mode === 'both' ? files.both : files.lo || files.en) return {};
  return { files: t('library.fieldErrors.fileRequired') };
}

function appendFiles(form: FormData, mode: FileMode, files: Files) {
  if (mode === 'both' && files.both) form.append(LIBRARY_FILE_FIELDS.both, files.both);
  if (mode === 'perLanguage') {
    if (files.lo) form.append(LIBRARY_FILE_FIELDS.lo, files.lo);
    if (files.en) form.append(LIBRARY_FILE_FIELDS.en, files.en);
  }
}

function FilesFields({
  mode,
  onMode,
  files,
  onFiles,
  error,
}: {
  mode: FileMode;
  onMode(m: FileMode): void;
  files: Files;
  onFiles(f: Files): void;
  error?: string;
}) {
  const { t } = useTranslation();
  const pdf = <IconFileTypePdf size={16} />;
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500} id="library-file-mode">
        {t('library.staff.fields.files')}
      </Text>
      <SegmentedControl
        aria-labelledby="library-file-mode"
        value={mode}
        onChange={(v) => onMode(v as FileMode)}
        data={[
          { value: 'both', label: t('library.staff.fields.modeBoth') },
          { value: 'perLanguage', label: t('library.staff.fields.modePerLanguage') },
        ]}
      />
      {mode === 'both' ? (
        <FileInput
          leftSection={pdf}
          accept="application/pdf"
          label={t('library.staff.fields.fileBoth')}
          value={files.both}
          onChange={(f) => onFiles({ ...files, both: f })}
          clearable
        />
      ) : (
        <>
          <FileInput
            leftSection={pdf}
            accept="application/pdf"
            label={t('library.staff.fields.fileLo')}
            value={files.lo}
            onChange={(f) => onFiles({ ...files, lo: f })}
            clearable
          />
          <FileInput
            leftSection={pdf}
            accept="application/pdf"
            label={t('library.staff.fields.fileEn')}
            value={files.en}
            onChange={(f) => onFiles({ ...files, en: f })}
            clearable
          />
        </>
      )}
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

function categoryData(t: (key: string) => string) {
  return LIBRARY_CATEGORIES.map((c) => ({ value: c, label: t(`library.categories.${c}`) }));
}

/** Staff admin: a new document with the PDF(s) of its first version. */
export function CreateDocumentModal({ opened, onClose, category }: { opened: boolean; onClose(): void; category: LibraryCategory | null }) {
  const { t } = useTranslation();
  const create = useCreateLibraryDocument();
  const toProblem = useProblem();
  const [values, setValues] = useState({
    category: category ?? 'guide',
    titleLo: '',
    titleEn: '',
    version: '1.0',
    documentDate: today(),
    published: true,
  });
  const [mode, setMode] = useState<FileMode>('both');
  const [files, setFiles] = useState<Files>({ both: null, lo: null, en: null });
  const [errors, setErrors] = useState<Errors>({});
  const [general, setGeneral] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = CreateLibraryDocumentFields.safeParse({ ...values, published: String(values.published) });
    const found: Errors = { ...fileErrors(t, mode, files) };
    if (!parsed.success) for (const issue of parsed.error.issues) found[String(issue.path[0])] = t(`library.staff.invalid.${String(issue.path[0])}`);
    setErrors(found);
    setGeneral(null);
    if (Object.keys(found).length) return;
    const form = new FormData();
    for (const [key, value] of Object.entries(values)) form.append(key, String(value));
    appendFiles(form, mode, files);
    create.mutate(form, {
      onSuccess: () => {
        setFiles({ both: null, lo: null, en: null });
        setValues((v) => ({ ...v, titleLo: '', titleEn: '' }));
        onClose();
      },
      onError: (err) => {
        const p = toProblem(err);
        setErrors(p.fields);
        setGeneral(p.general);
      },
    });
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('library.staff.add')} size="lg" closeButtonProps={{ 'aria-label': t('library.staff.cancel') }}>
      <form onSubmit={submit} noValidate data-testid="library-create-form">
        <Stack>
          {general && <Alert color="red">{general}</Alert>}
          <Select
            label={t('library.staff.fields.category')}
            data={categoryData(t)}
            value={values.category}
            allowDeselect={false}
            onChange={(v) => v && setValues({ ...values, category: v as LibraryCategory })}
          />
          <TextInput
            label={t('library.staff.fields.titleLo')}
            required
            value={values.titleLo}
            error={errors.titleLo}
            onChange={(e) => setValues({ ...values, titleLo: e.currentTarget.value })}
          />
          <TextInput
            label={t('library.staff.fields.titleEn')}
            value={values.titleEn}
            error={errors.titleEn}
            onChange={(e) => setValues({ ...values, titleEn: e.currentTarget.value })}
          />
          <Group grow align="flex-start">
            <TextInput
              label={t('library.staff.fields.version')}
              required
              value={values.version}
              error={errors.version}
              onChange={(e) => setValues({ ...values, version: e.currentTarget.value })}
            />
            <TextInput
              type="date"
              label={t('library.staff.fields.documentDate')}
              required
              value={values.documentDate}
              error={errors.documentDate}
              onChange={(e) => setValues({ ...values, documentDate: e.currentTarget.value })}
            />
          </Group>
          <FilesFields mode={mode} onMode={setMode} files={files} onFiles={setFiles} error={errors.files ?? errors.fileBoth} />
          <Switch
            label={t('library.staff.fields.published')}
            checked={values.published}
            onChange={(e) => setValues({ ...values, published: e.currentTarget.checked })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('library.staff.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('library.staff.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Staff admin: a new version of a document; it becomes the current one. */
export function VersionModal({ doc, onClose }: { doc: StaffLibraryDocument | null; onClose(): void }) {
  const { t } = useTranslation();
  const add = useAddLibraryVersion();
  const toProblem = useProblem();
  const [values, setValues] = useState({ version: '', documentDate: today() });
  const [mode, setMode] = useState<FileMode>('both');
  const [files, setFiles] = useState<Files>({ both: null, lo: null, en: null });
  const [errors, setErrors] = useState<Errors>({});
  const [general, setGeneral] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!doc) return;
    const parsed = LibraryVersionFields.safeParse(values);
    const found: Errors = { ...fileErrors(t, mode, files) };
    if (!parsed.success) for (const issue of parsed.error.issues) found[String(issue.path[0])] = t(`library.staff.invalid.${String(issue.path[0])}`);
    setErrors(found);
    setGeneral(null);
    if (Object.keys(found).length) return;
    const form = new FormData();
    form.append('version', values.version);
    form.append('documentDate', values.documentDate);
    appendFiles(form, mode, files);
    add.mutate(
      { id: doc.id, form },
      {
        onSuccess: () => {
          setValues({ version: '', documentDate: today() });
          setFiles({ both: null, lo: null, en: null });
          onClose();
        },
        onError: (err) => {
          const p = toProblem(err);
          setErrors(p.fields);
          setGeneral(err instanceof ApiError && err.code === 'CONFLICT' ? t('library.staff.versionTaken') : p.general);
        },
      },
    );
  };

  return (
    <Modal
      opened={doc !== null}
      onClose={onClose}
      title={t('library.staff.newVersion')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('library.staff.cancel') }}
    >
      <form onSubmit={submit} noValidate data-testid="library-version-form">
        <Stack>
          {general && <Alert color="red">{general}</Alert>}
          <Group grow align="flex-start">
            <TextInput
              label={t('library.staff.fields.version')}
              required
              value={values.version}
              error={errors.version}
              onChange={(e) => setValues({ ...values, version: e.currentTarget.value })}
            />
            <TextInput
              type="date"
              label={t('library.staff.fields.documentDate')}
              required
              value={values.documentDate}
              error={errors.documentDate}
              onChange={(e) => setValues({ ...values, documentDate: e.currentTarget.value })}
            />
          </Group>
          <FilesFields mode={mode} onMode={setMode} files={files} onFiles={setFiles} error={errors.files ?? errors.fileBoth} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('library.staff.cancel')}
            </Button>
            <Button type="submit" loading={add.isPending}>
              {t('library.staff.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Staff admin: titles, category, published or not. */
export function EditModal({ doc, onClose }: { doc: StaffLibraryDocument; onClose(): void }) {
  const { t } = useTranslation();
  const update = useUpdateLibraryDocument();
  const toProblem = useProblem();
  const [values, setValues] = useState({ category: doc.category, titleLo: doc.titleLo, titleEn: doc.titleEn, published: doc.published });
  const [errors, setErrors] = useState<Errors>({});
  const [general, setGeneral] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (values.titleLo.trim() === '') return setErrors({ titleLo: t('library.staff.invalid.titleLo') });
    update.mutate(
      { id: doc.id, patch: values },
      {
        onSuccess: onClose,
        onError: (err) => {
          const p = toProblem(err);
          setErrors(p.fields);
          setGeneral(p.general);
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={t('library.staff.edit')} size="lg" closeButtonProps={{ 'aria-label': t('library.staff.cancel') }}>
      <form onSubmit={submit} noValidate data-testid="library-edit-form">
        <Stack>
          {general && <Alert color="red">{general}</Alert>}
          <Select
            label={t('library.staff.fields.category')}
            data={categoryData(t)}
            value={values.category}
            allowDeselect={false}
            onChange={(v) => v && setValues({ ...values, category: v as LibraryCategory })}
          />
          <TextInput
            label={t('library.staff.fields.titleLo')}
            required
            value={values.titleLo}
            error={errors.titleLo}
            onChange={(e) => setValues({ ...values, titleLo: e.currentTarget.value })}
          />
          <TextInput
            label={t('library.staff.fields.titleEn')}
            value={values.titleEn}
            error={errors.titleEn}
            onChange={(e) => setValues({ ...values, titleEn: e.currentTarget.value })}
          />
          <Switch
            label={t('library.staff.fields.published')}
            checked={values.published}
            onChange={(e) => setValues({ ...values, published: e.currentTarget.checked })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('library.staff.cancel')}
            </Button>
            <Button type="submit" loading={update.isPending}>
              {t('library.staff.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
