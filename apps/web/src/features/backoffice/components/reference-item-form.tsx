import { CreateReferenceItemRequest, FILE_KINDS, SME_SECTORS, type ReferenceList, type StaffReferenceItem, localized } from '@bansi/shared';
import { Alert, Button, Checkbox, Group, MultiSelect, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useReferenceList } from '../../../api/get-reference-list';
import { SelectField, TextField } from '../../../components/form-fields';
import { ApiError } from '../../../lib/api-client';
import { applyProblem, zodFormResolver } from '../../../lib/form';
import { errorText } from '../../../lib/error-text';
import { useLang } from '../../../lib/use-lang';
import { useSaveReferenceItem } from '../api/save-reference-item';

interface Values {
  code: string;
  nameLo: string;
  nameEn: string;
  parentId?: string;
  required?: boolean;
  kinds?: string[];
  sector?: string;
}

/**
 * Create or edit one row of a list, in Lao and English. The code is given once (other records and
 * the checklist name it); departments belong to a category; document types say whether the
 * checklist requires them and which file kinds they take; categories name their SME sector.
 */
export function ReferenceItemForm({ list, item, onDone }: { list: ReferenceList; item?: StaffReferenceItem; onDone: () => void }) {
  const { t } = useTranslation();
  const lng = useLang();
  const save = useSaveReferenceItem(list);
  const categories = useReferenceList('categories', undefined, list === 'departments');
  const extra = item?.extra ?? {};
  const form = useForm<Values>({
    // One schema for both: on edit the code is shown and not sent.
    resolver: zodFormResolver(CreateReferenceItemRequest) as never,
    defaultValues: {
      code: item?.code ?? '',
      nameLo: item?.nameLo ?? '',
      nameEn: item?.nameEn ?? '',
      parentId: item?.parentId ?? '',
      required: extra.required === true,
      kinds: Array.isArray(extra.kinds) ? (extra.kinds as string[]) : list === 'document-types' ? ['pdf'] : [],
      sector: typeof extra.sector === 'string' ? extra.sector : '',
    },
  });
  const onSubmit = form.handleSubmit((values) => {
    const body = {
      nameLo: values.nameLo,
      nameEn: values.nameEn,
      ...(list === 'departments' ? { parentId: values.parentId || null } : {}),
      ...(list === 'document-types' ? { required: Boolean(values.required), kinds: values.kinds as (typeof FILE_KINDS)[number][] } : {}),
      ...(list === 'categories' && values.sector ? { sector: values.sector as (typeof SME_SECTORS)[number] } : {}),
    };
    save.mutate(item ? { kind: 'update', id: item.id, body } : { kind: 'create', body: { ...body, code: values.code } }, {
      onSuccess: () => {
        notifications.show({ color: 'teal', message: t('backoffice.reference.saved') });
        onDone();
      },
      onError: (error) => {
        if (error instanceof ApiError) applyProblem(error.problem, form.setError);
      },
    });
  });
  const fieldErrorsShown = save.error instanceof ApiError && Boolean(save.error.problem.errors?.length);
  return (
    <form onSubmit={onSubmit} noValidate data-testid="reference-form">
      <Stack gap="sm">
        {save.isError && !fieldErrorsShown ? (
          <Alert color="red" role="alert">
            {errorText(save.error)}
          </Alert>
        ) : null}
        <TextField
          control={form.control}
          name="code"
          label={t('backoffice.reference.code')}
          description={t('backoffice.reference.codeHelp')}
          disabled={Boolean(item)}
          required
        />
        <TextField control={form.control} name="nameLo" label={t('backoffice.reference.nameLo')} lang="lo" required />
        <TextField control={form.control} name="nameEn" label={t('backoffice.reference.nameEn')} lang="en" required />
        {list === 'departments' ? (
          <SelectField
            control={form.control}
            name="parentId"
            label={t('backoffice.reference.parent')}
            data={(categories.data?.items ?? []).map((c) => ({ value: c.id, label: localized(c.nameLo, c.nameEn, lng) }))}
            required
          />
        ) : null}
        {list === 'categories' ? (
          <SelectField
            control={form.control}
            name="sector"
            label={t('backoffice.reference.sector')}
            data={SME_SECTORS.map((s) => ({ value: s, label: t(`backoffice.sme.sectors.${s}`) }))}
          />
        ) : null}
        {list === 'document-types' ? (
          <>
            <Controller
              control={form.control}
              name="required"
              render={({ field }) => (
                <Checkbox
                  label={t('backoffice.reference.required')}
                  checked={Boolean(field.value)}
                  onChange={(e) => field.onChange(e.currentTarget.checked)}
                />
              )}
            />
            <Controller
              control={form.control}
              name="kinds"
              render={({ field, fieldState }) => (
                <MultiSelect
                  label={t('backoffice.reference.kinds')}
                  data={FILE_KINDS.map((k) => ({ value: k, label: k.toUpperCase() }))}
                  value={field.value ?? []}
                  onChange={field.onChange}
                  error={fieldState.error?.message}
                  comboboxProps={{ withinPortal: true }}
                />
              )}
            />
          </>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t('backoffice.reference.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="reference-save">
            {t('backoffice.reference.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
