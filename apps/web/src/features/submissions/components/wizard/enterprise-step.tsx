import type { Company, SmeSector, SubmissionDetail } from '@bansi/shared';
import { Button, Grid, Group, Select, Stack } from '@mantine/core';
import { IconArrowRight, IconDeviceFloppy } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useReferenceList } from '../../../../api/get-reference-list';
import { useSmeThresholds } from '../../api/get-sme-thresholds';
import { useUpdateSubmission } from '../../api/update-submission';
import { useLang } from '../../../../lib/use-lang';
import { nameOf } from '../../lib/lang';
import { GroupedNumberInput, LakInput } from '../../../../components/lak-input';
import { SmeSizePanel } from '../sme-size-panel';

interface EnterpriseForm {
  departmentId: string | null;
  averageLabour: number | '';
  totalAssets: number | '';
  annualIncome: number | '';
  specialCategoryId: string | null;
}

const num = (v: number | string | '' | null | undefined): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The sector of a category (reference data: `extra.sector`). */
function sectorOf(item: { extra: Record<string, unknown> | null } | undefined): SmeSector | null {
  const sector = item?.extra?.sector;
  return sector === 'commodity_production' || sector === 'trade' || sector === 'services' ? sector : null;
}

/**
 * Step 1: department (filtered by the company's category), average labour, total assets, annual income
 * (LAK, grouped as typed), special category; the SME size derived live beside it.
 */
export function EnterpriseStep({
  submission,
  company,
  readOnly,
  onSaved,
  onError,
}: {
  submission: SubmissionDetail;
  company: Company;
  readOnly: boolean;
  onSaved: (next: boolean) => void;
  onError: (error: unknown) => void;
}) {
  const { t } = useTranslation();
  const lng = useLang();
  const departments = useReferenceList('departments', company.categoryId);
  const categories = useReferenceList('categories');
  const specials = useReferenceList('special-categories');
  const thresholds = useSmeThresholds();
  const update = useUpdateSubmission();

  const form = useForm<EnterpriseForm>({
    defaultValues: {
      departmentId: submission.departmentId,
      averageLabour: submission.averageLabour ?? '',
      totalAssets: submission.totalAssets ?? '',
      annualIncome: submission.annualIncome ?? '',
      // A new draft starts from the profile's special category.
      specialCategoryId: submission.specialCategoryId ?? (submission.version === 1 ? company.specialCategoryId : null),
    },
  });
  const values = useWatch({ control: form.control });
  const figures = useMemo(
    () => ({
      averageLabour: num(values.averageLabour),
      totalAssets: num(values.totalAssets),
      annualIncome: num(values.annualIncome),
    }),
    [values.averageLabour, values.totalAssets, values.annualIncome],
  );
  const department = departments.data?.items.find((d) => d.id === values.departmentId);
  const category = categories.data?.items.find((c) => c.id === (department?.parentId ?? company.categoryId));
  const sector = sectorOf(category) ?? submission.sector;
  // The server derives the size with the thresholds in force on 31 December of the book year.
  const asOf = useMemo(() => new Date(Date.UTC(submission.bookYear, 11, 31, 5)), [submission.bookYear]);

  const save = (next: boolean) =>
    form.handleSubmit((v) => {
      if (readOnly) return onSaved(next);
      update.mutate(
        {
          id: submission.id,
          version: submission.version,
          departmentId: v.departmentId || null,
          averageLabour: num(v.averageLabour),
          totalAssets: num(v.totalAssets),
          annualIncome: num(v.annualIncome),
          specialCategoryId: v.specialCategoryId || null,
        },
        { onSuccess: () => onSaved(next), onError },
      );
    });

  return (
    <form onSubmit={(e) => void save(true)(e)} noValidate aria-label={t('submission.steps.enterprise')} data-testid="step-enterprise">
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="sm">
            <Controller
              control={form.control}
              name="departmentId"
              render={({ field }) => (
                <Select
                  label={t('submission.form.department')}
                  description={t('submission.form.departmentHint')}
                  data={(departments.data?.items ?? []).map((d) => ({
                    value: d.id,
                    label: nameOf(d, lng),
                  }))}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  disabled={readOnly}
                  searchable
                  nothingFoundMessage={t('submission.common.nothingFound')}
                  data-testid="field-department"
                  comboboxProps={{ withinPortal: true }}
                />
              )}
            />
            <Controller
              control={form.control}
              name="averageLabour"
              render={({ field }) => (
                <GroupedNumberInput
                  label={t('submission.criterion.labour')}
                  description={t('submission.form.labourHint')}
                  value={field.value}
                  onChange={(v) => field.onChange(v === '' ? '' : Number(v))}
                  onBlur={field.onBlur}
                  disabled={readOnly}
                  allowDecimal
                  data-testid="field-labour"
                />
              )}
            />
            <Controller
              control={form.control}
              name="totalAssets"
              render={({ field }) => (
                <LakInput
                  label={t('submission.criterion.assets')}
                  value={field.value}
                  onChange={(v) => field.onChange(v === '' ? '' : Number(v))}
                  onBlur={field.onBlur}
                  disabled={readOnly}
                  data-testid="field-assets"
                />
              )}
            />
            <Controller
              control={form.control}
              name="annualIncome"
              render={({ field }) => (
                <LakInput
                  label={t('submission.criterion.income')}
                  value={field.value}
                  onChange={(v) => field.onChange(v === '' ? '' : Number(v))}
                  onBlur={field.onBlur}
                  disabled={readOnly}
                  data-testid="field-income"
                />
              )}
            />
            <Controller
              control={form.control}
              name="specialCategoryId"
              render={({ field }) => (
                <Select
                  label={t('submission.form.specialCategory')}
                  placeholder={t('submission.form.noSpecialCategory')}
                  data={(specials.data?.items ?? []).map((d) => ({
                    value: d.id,
                    label: nameOf(d, lng),
                  }))}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  disabled={readOnly}
                  clearable
                  data-testid="field-special"
                />
              )}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <SmeSizePanel sector={sector} figures={figures} cells={thresholds.data?.items} asOf={asOf} declared={submission.declaredSize?.size} />
        </Grid.Col>
      </Grid>
      <Group justify="flex-end" mt="lg" gap="sm">
        {!readOnly && (
          <Button
            variant="default"
            leftSection={<IconDeviceFloppy size={16} />}
            onClick={(e) => void save(false)(e)}
            loading={update.isPending}
            data-testid="save-enterprise"
          >
            {t('submission.wizard.save')}
          </Button>
        )}
        <Button type="submit" rightSection={<IconArrowRight size={16} />} loading={update.isPending} data-testid="next-enterprise">
          {readOnly ? t('submission.wizard.next') : t('submission.wizard.saveNext')}
        </Button>
      </Group>
    </form>
  );
}
