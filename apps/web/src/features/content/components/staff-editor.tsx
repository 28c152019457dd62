import {
  NotificationInput,
  PageInput,
  POST_CATEGORIES,
  PostInput,
  type ContentImage,
  type ContentKind,
  type NotificationAudienceKind,
  type PostCategory,
} from '@bansi/shared';
import { Alert, Button, Fieldset, Group, Paper, Select, SimpleGrid, Stack, Tabs, Text, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCalendarTime, IconDeviceFloppy, IconEye, IconEyeOff, IconSend, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useController, useForm, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../../components/confirm-button';
import { ApiError } from '../../../lib/api-client';
import { applyProblem, zodFormResolver } from '../../../lib/form';
import { errorText } from '../../../lib/error-text';
import { formatDateTime } from '../../../lib/format';
import type { AnyStaffItem } from '../api/staff-items';
import { useStaffWrites } from '../api/save-staff-item';
import { AudienceFields } from './audience-fields';
import { CoverField } from './cover-field';
import { useLang } from '../../../lib/use-lang';
import { PreviewModal } from './preview-modal';
import { RichTextEditor } from './rich-text-editor';
import { StatusBadge } from './status-badge';

/** Every field any kind has; each kind's shared schema keeps its own on submit. */
export interface EditorValues {
  slug: string;
  category: PostCategory;
  key: string;
  titleLo: string;
  titleEn: string;
  summaryLo: string;
  summaryEn: string;
  bodyLo: string;
  bodyEn: string;
  coverImageId: string | null;
  audience: { kind: NotificationAudienceKind; value: string | null };
}

const schemas = { posts: PostInput, notifications: NotificationInput, pages: PageInput } as const;

function valuesOf(item: AnyStaffItem | null): EditorValues {
  const v: EditorValues = {
    slug: '',
    category: 'news',
    key: '',
    titleLo: '',
    titleEn: '',
    summaryLo: '',
    summaryEn: '',
    bodyLo: '',
    bodyEn: '',
    coverImageId: null,
    audience: { kind: 'public', value: null },
  };
  if (!item) return v;
  Object.assign(v, { titleLo: item.titleLo, titleEn: item.titleEn, bodyLo: item.bodyLo, bodyEn: item.bodyEn });
  if ('slug' in item)
    Object.assign(v, {
      slug: item.slug,
      category: item.category,
      summaryLo: item.summaryLo,
      summaryEn: item.summaryEn,
      coverImageId: item.cover?.id ?? null,
    });
  if ('audience' in item) v.audience = { kind: item.audience.kind, value: item.audience.value };
  if ('key' in item) v.key = item.key;
  return v;
}

function BodyField({ control, name, label, lang }: { control: Control<EditorValues>; name: 'bodyLo' | 'bodyEn'; label: string; lang: string }) {
  const { field, fieldState } = useController({ control, name });
  return (
    <RichTextEditor
      value={field.value}
      onChange={field.onChange}
      label={label}
      lang={lang}
      testId={`editor-${name}`}
      error={fieldState.error?.message}
    />
  );
}

/**
 * Writes one post, notification or page in both languages, and moves it through draft → scheduled /
 * published → draft. Reviewers see it read-only.
 */
export function StaffEditor({
  kind,
  item,
  canWrite,
  onSaved,
  onDeleted,
}: {
  kind: ContentKind;
  item: AnyStaffItem | null;
  canWrite: boolean;
  onSaved: (id: string) => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const lng = useLang();
  const writes = useStaffWrites(kind);
  // Images uploaded while editing, by id (the saved item knows only its current cover).
  const [uploaded, setUploaded] = useState<Record<string, ContentImage>>({});
  const [previewOpen, setPreviewOpen] = useState(false);
  const [publishAt, setPublishAt] = useState('');
  const form = useForm<EditorValues, unknown, EditorValues>({
    resolver: zodFormResolver(schemas[kind] as never) as never,
    defaultValues: valuesOf(item),
  });
  const { control, register, handleSubmit, reset, setError, formState, setValue } = form;

  useEffect(() => {
    reset(valuesOf(item));
  }, [item, reset]);

  const fail = (err: unknown) => {
    if (err instanceof ApiError) applyProblem(err.problem, setError);
    notifications.show({ color: 'red', message: errorText(err) });
  };

  const submit = handleSubmit((body) => {
    writes.save.mutate(
      { id: item?.id ?? null, body: { ...(body as unknown as Record<string, unknown>), ...(item ? { expectedUpdatedAt: item.updatedAt } : {}) } },
      {
        onSuccess: (saved) => {
          notifications.show({ color: 'green', message: t('content.editor.saved') });
          reset(valuesOf(saved));
          onSaved(saved.id);
        },
        onError: fail,
      },
    );
  });

  const act = (action: 'publish' | 'unpublish' | 'schedule') => {
    if (!item) return;
    const at = action === 'schedule' && publishAt ? new Date(publishAt).toISOString() : undefined;
    writes.act.mutate(
      { id: item.id, action, publishAt: at },
      {
        onSuccess: () => notifications.show({ color: 'green', message: t(`content.editor.done.${action}`) }),
        onError: fail,
      },
    );
  };

  const busy = writes.save.isPending || writes.act.isPending || writes.remove.isPending;
  const dirty = formState.isDirty;
  const status = item?.effectiveStatus ?? 'draft';
  const audience = useWatch({ control, name: 'audience' });
  const category = useWatch({ control, name: 'category' });
  const coverId = useWatch({ control, name: 'coverImageId' });
  const savedCover = item && 'cover' in item ? item.cover : null;
  const cover = coverId ? (uploaded[coverId] ?? (savedCover?.id === coverId ? savedCover : null)) : null;

  const langTab = (l: 'lo' | 'en') => (
    <Stack gap="sm" pt="sm" lang={l}>
      <TextInput
        label={t('content.editor.title')}
        {...register(l === 'lo' ? 'titleLo' : 'titleEn')}
        error={formState.errors[l === 'lo' ? 'titleLo' : 'titleEn']?.message}
        required={l === 'lo'}
        data-testid={`field-title${l === 'lo' ? 'Lo' : 'En'}`}
      />
      {kind === 'posts' ? (
        <Textarea
          label={t('content.editor.summary')}
          autosize
          minRows={2}
          {...register(l === 'lo' ? 'summaryLo' : 'summaryEn')}
          error={formState.errors[l === 'lo' ? 'summaryLo' : 'summaryEn']?.message}
          data-testid={`field-summary${l === 'lo' ? 'Lo' : 'En'}`}
        />
      ) : null}
      <BodyField control={control} name={l === 'lo' ? 'bodyLo' : 'bodyEn'} label={t('content.editor.body')} lang={l} />
    </Stack>
  );

  return (
    <Stack gap="md" data-testid="staff-editor">
      {item ? (
        <Paper withBorder p="sm" radius="md">
          <Group justify="space-between" gap="sm">
            <Group gap="xs">
              <StatusBadge status={status} />
              {item.publishAt ? (
                <Text size="sm" c="gray.7">
                  {t(status === 'scheduled' ? 'content.editor.goesLive' : 'content.editor.liveSince', { date: formatDateTime(item.publishAt, lng) })}
                </Text>
              ) : null}
            </Group>
            <Button
              variant="default"
              leftSection={<IconEye size={16} />}
              onClick={() => setPreviewOpen(true)}
              disabled={dirty}
              data-testid="preview-button"
            >
              {t('content.editor.preview')}
            </Button>
          </Group>
        </Paper>
      ) : null}

      <form onSubmit={submit} noValidate>
        <Fieldset disabled={!canWrite || busy} variant="unstyled">
          <Stack gap="md">
            {kind === 'posts' ? (
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label={t('content.editor.slug')}
                  description={t('content.editor.slugHint')}
                  {...register('slug')}
                  error={formState.errors.slug?.message}
                  required
                  data-testid="field-slug"
                />
                <Select
                  label={t('content.categories.label')}
                  data={POST_CATEGORIES.map((c) => ({ value: c, label: t(`content.categories.${c}`) }))}
                  value={category}
                  onChange={(v) => v && setValue('category', v as PostCategory, { shouldDirty: true })}
                  allowDeselect={false}
                  data-testid="field-category"
                />
              </SimpleGrid>
            ) : null}
            {kind === 'pages' ? (
              <TextInput
                label={t('content.editor.key')}
                description={t('content.editor.keyHint')}
                {...register('key')}
                error={formState.errors.key?.message}
                required
                data-testid="field-key"
              />
            ) : null}
            {kind === 'posts' ? (
              <CoverField
                image={cover}
                onChange={(img) => {
                  if (img) setUploaded((u) => ({ ...u, [img.id]: img }));
                  setValue('coverImageId', img?.id ?? null, { shouldDirty: true });
                }}
              />
            ) : null}
            {kind === 'notifications' ? (
              <AudienceFields
                value={audience}
                onChange={(a) => setValue('audience', a, { shouldDirty: true })}
                error={formState.errors.audience?.value?.message ?? formState.errors.audience?.message}
              />
            ) : null}
            <Tabs defaultValue="lo" keepMounted>
              <Tabs.List>
                <Tabs.Tab value="lo" data-testid="tab-lo">
                  {t('content.editor.lao')}
                </Tabs.Tab>
                <Tabs.Tab value="en" data-testid="tab-en">
                  {t('content.editor.english')}
                </Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="lo">{langTab('lo')}</Tabs.Panel>
              <Tabs.Panel value="en">
                <Text size="xs" c="gray.7" pt="xs">
                  {t('content.editor.englishHint')}
                </Text>
                {langTab('en')}
              </Tabs.Panel>
            </Tabs>
            {canWrite ? (
              <Group>
                <Button
                  type="submit"
                  leftSection={<IconDeviceFloppy size={16} />}
                  loading={writes.save.isPending}
                  disabled={!!item && !dirty}
                  data-testid="save-button"
                >
                  {item ? t('content.editor.saveChanges') : t('content.editor.saveDraft')}
                </Button>
                {dirty && item ? (
                  <Text size="sm" c="orange">
                    {t('content.editor.unsaved')}
                  </Text>
                ) : null}
              </Group>
            ) : (
              <Alert color="gray">{t('content.editor.readOnly')}</Alert>
            )}
          </Stack>
        </Fieldset>
      </form>

      {item && canWrite ? (
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Text fw={700}>{t('content.editor.publishing')}</Text>
            {dirty ? (
              <Text size="sm" c="gray.7">
                {t('content.editor.saveFirst')}
              </Text>
            ) : null}
            <Group align="flex-end">
              {status !== 'published' ? (
                <Button
                  leftSection={<IconSend size={16} />}
                  onClick={() => act('publish')}
                  disabled={dirty || busy}
                  color="green"
                  data-testid="publish-button"
                >
                  {t('content.editor.publish')}
                </Button>
              ) : (
                <Button
                  leftSection={<IconEyeOff size={16} />}
                  onClick={() => act('unpublish')}
                  disabled={busy}
                  variant="default"
                  data-testid="unpublish-button"
                >
                  {t('content.editor.unpublish')}
                </Button>
              )}
              {status === 'scheduled' ? (
                <Button onClick={() => act('unpublish')} disabled={busy} variant="default">
                  {t('content.editor.cancelSchedule')}
                </Button>
              ) : null}
              <TextInput
                type="datetime-local"
                label={t('content.editor.scheduleAt')}
                value={publishAt}
                onChange={(e) => setPublishAt(e.currentTarget.value)}
                data-testid="schedule-at"
              />
              <Button
                leftSection={<IconCalendarTime size={16} />}
                variant="light"
                onClick={() => act('schedule')}
                disabled={dirty || busy || !publishAt}
                data-testid="schedule-button"
              >
                {t('content.editor.schedule')}
              </Button>
            </Group>
            <Group justify="flex-end">
              <ConfirmButton
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} />}
                title={t('content.editor.deleteTitle')}
                message={t('content.editor.deleteMessage')}
                confirmLabel={t('content.editor.delete')}
                loading={writes.remove.isPending}
                onConfirm={() => writes.remove.mutate(item.id, { onSuccess: onDeleted, onError: fail })}
              >
                {t('content.editor.delete')}
              </ConfirmButton>
            </Group>
          </Stack>
        </Paper>
      ) : null}

      {item ? <PreviewModal kind={kind} id={item.id} opened={previewOpen} onClose={() => setPreviewOpen(false)} /> : null}
    </Stack>
  );
}
