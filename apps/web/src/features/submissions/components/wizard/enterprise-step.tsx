import { SME_SIZES, type Company, type SmeSector, type SmeSize, type SubmissionDetail } from '@bansi/shared';
import { Button, Grid, Group, Select, Stack } from '@mantine/core';
import { IconArrowRight, IconDeviceFloppy } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useReferenceList } from '../../../../api/get-reference-list';
import { useSmeThresholds } from '../../api/get-sme-thresholds';
import { markOpened, useOpenSubmission } from '../../api/open-submission';
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
 * (LAK, grouped as typed), special category; the SME size derived live beside it. Without a submission
 * (none yet for the year) its first save makes the draft, then saves into it (decision 099).
 */
export function EnterpriseStep({
  submission,
  bookYear,
  company,
  readOnly,
  onSaved,
  onError,
}: {
  submission: SubmissionDetail | null;
  bookYear: number;
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
  const sizes = useReferenceList('sizes');
  const update = useUpdateSubmission();
  const open = useOpenSubmission();
  const queryClient = useQueryClient();

  const form = useForm<EnterpriseForm>({
    defaultValues: {
      departmentId: submission?.departmentId ?? null,
      averageLabour: submission?.averageLabour ?? '',
      totalAssets: submission?.totalAssets ?? '',
      annualIncome: submission?.annualIncome ?? '',
      // A new draft starts from the profile's special category.
      specialCategoryId: submission
        ? (submission.specialCategoryId ?? (submission.version === 1 ? company.specialCategoryId : null))
        : company.specialCategoryId,
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
  const sector = sectorOf(category) ?? submission?.sector ?? null;
  // Before the first save the declared size is the profile's, as the server would say.
  const profileSize = sizes.data?.items.find((s) => s.id === company.sizeId)?.code;
  const declared = submission
    ? submission.declaredSize?.size
    : (SME_SIZES as readonly string[]).includes(profileSize ?? '')
      ? (profileSize as SmeSize)
      : null;
  // The server derives the size with the thresholds in force on 31 December of the book year.
  const asOf = useMemo(() => new Date(Date.UTC(bookYear, 11, 31, 5)), [bookYear]);
  const saving = update.isPending || open.isPending;
  // A figure field refusing what was typed holds the save: the figure before it would go instead (issue 33).
  const refusing = useRef(new Set<keyof EnterpriseForm>());
  const refusal = (name: keyof EnterpriseForm) => (code: unknown) => void (code ? refusing.current.add(name) : refusing.current.delete(name));

  const save = (next: boolean) =>
    form.handleSubmit(async (v) => {
      const held = [...refusing.current][0];
      if (held) return form.setFocus(held);
      if (readOnly) return onSaved(next);
      try {
        const target = submission ?? (await open.mutateAsync(bookYear));
        const detail = await update.mutateAsync({
          id: target.id,
          version: target.version,
          departmentId: v.departmentId || null,
          averageLabour: num(v.averageLabour),
          totalAssets: num(v.totalAssets),
          annualIncome: num(v.annualIncome),
          specialCategoryId: v.specialCategoryId || null,
        });
        if (!submission) markOpened(queryClient, detail);
        onSaved(next);
      } catch (error) {
        onError(error);
      }
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
                  onRefusal={refusal('totalAssets')}
                  ref={field.ref}
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
                  onRefusal={refusal('annualIncome')}
                  ref={field.ref}
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
          <SmeSizePanel
            sector={sector}
            figures={figures}
            cells={thresholds.data?.items}
            asOf={asOf}
            declared={declared}
            setByService={submission?.derivedSize?.kind === 'size' ? submission.derivedSize : null}
          />
        </Grid.Col>
      </Grid>
      <Group justify="flex-end" mt="lg" gap="sm">
        {!readOnly && (
          <Button
            variant="default"
            leftSection={<IconDeviceFloppy size={16} />}
            onClick={(e) => void save(false)(e)}
            loading={saving}
            data-testid="save-enterprise"
          >
            {t('submission.wizard.save')}
          </Button>
        )}
        <Button type="submit" rightSection={<IconArrowRight size={16} />} loading={saving} data-testid="next-enterprise">
          {readOnly ? t('submission.wizard.next') : t('submission.wizard.saveNext')}
        </Button>
      </Group>
    </form>
  );
}
