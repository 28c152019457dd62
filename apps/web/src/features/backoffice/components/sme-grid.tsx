import {
  SME_CRITERIA,
  SME_DECREE_DATE,
  SME_SECTORS,
  SME_THRESHOLD_SIZES,
  SmeThresholdCell,
  applicableCell,
  vientianeDate,
  type SmeCellRef,
  type SmeThresholdCellRecord,
} from '@bansi/shared';
import { Alert, Badge, Button, Checkbox, Group, Modal, Paper, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { GroupedNumberInput, LakInput } from '../../../components/lak-input';
import { PageSpinner } from '../../../components/page-spinner';
import { ApiError } from '../../../lib/api-client';
import { applyProblem, zodFormResolver } from '../../../lib/form';
import { errorText } from '../../../lib/error-text';
import { formatDate, formatLak } from '../../../lib/format';
import { useLang } from '../../../lib/use-lang';
import { useAddSmeThreshold } from '../api/add-sme-threshold';
import { useSmeThresholds } from '../api/get-sme-thresholds';

function CellForm({ cell, onDone }: { cell: SmeCellRef; onDone: () => void }) {
  const { t } = useTranslation();
  const add = useAddSmeThreshold();
  const form = useForm({
    resolver: zodFormResolver(SmeThresholdCell),
    defaultValues: {
      ...cell,
      upperBound: undefined as unknown as number,
      upperInclusive: true,
      // the decree's date: a cell read from Decree 25/GOL applies from it, not from the day it is typed in
      effectiveFrom: SME_DECREE_DATE,
      sourceNote: '',
    },
  });
  const onSubmit = form.handleSubmit((values) =>
    add.mutate(values, {
      onSuccess: () => {
        notifications.show({ color: 'teal', message: t('backoffice.reference.saved') });
        onDone();
      },
      onError: (error) => {
        if (error instanceof ApiError) applyProblem(error.problem, form.setError);
      },
    }),
  );
  const Amount = cell.criterion === 'labour' ? GroupedNumberInput : LakInput;
  return (
    <form onSubmit={onSubmit} noValidate data-testid="sme-form">
      <Stack gap="sm">
        <Text size="sm" fw={600}>
          {`${t(`backoffice.sme.sectors.${cell.sector}`)} · ${t(`backoffice.sme.sizes.${cell.size}`)} · ${t(`backoffice.sme.criteria.${cell.criterion}`)}`}
        </Text>
        {add.isError && !(add.error instanceof ApiError && add.error.problem.errors?.length) ? (
          <Alert color="red" role="alert">
            {errorText(add.error)}
          </Alert>
        ) : null}
        <Controller
          control={form.control}
          name="upperBound"
          render={({ field, fieldState }) => (
            <Amount
              label={t('backoffice.sme.upperBound')}
              value={field.value ?? ''}
              onChange={(v) => field.onChange(typeof v === 'number' ? v : undefined)}
              error={fieldState.error?.message}
              required
              data-testid="sme-upper-bound"
            />
          )}
        />
        <Controller
          control={form.control}
          name="upperInclusive"
          render={({ field }) => (
            <Checkbox label={t('backoffice.sme.inclusive')} checked={field.value} onChange={(e) => field.onChange(e.currentTarget.checked)} />
          )}
        />
        <Controller
          control={form.control}
          name="effectiveFrom"
          render={({ field, fieldState }) => (
            <TextInput type="date" label={t('backoffice.sme.effectiveFrom')} {...field} error={fieldState.error?.message} required />
          )}
        />
        <Controller
          control={form.control}
          name="sourceNote"
          render={({ field, fieldState }) => (
            <Textarea
              label={t('backoffice.sme.sourceNote')}
              {...field}
              error={fieldState.error?.message}
              autosize
              minRows={2}
              required
              data-testid="sme-source"
            />
          )}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t('backoffice.reference.cancel')}
          </Button>
          <Button type="submit" loading={add.isPending} data-testid="sme-save">
            {t('backoffice.reference.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The SME thresholds as a grid per sector: sizes down, criteria across. A cell in force today shows
 * its bound and date; an empty cell is highlighted, and a staff admin can enter it.
 */
export function SmeGrid({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation();
  const lng = useLang();
  const cells = useSmeThresholds();
  const [filling, setFilling] = useState<SmeCellRef | null>(null);
  if (cells.isPending) return <PageSpinner />;
  if (cells.isError)
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
        {errorText(cells.error)}
      </Alert>
    );
  const today = vientianeDate(new Date());
  const value = (c: SmeThresholdCellRecord) =>
    c.criterion === 'labour' ? new Intl.NumberFormat(lng === 'lo' ? 'lo-LA' : 'en-GB').format(c.upperBound) : formatLak(c.upperBound, lng);
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('backoffice.sme.lead')}
      </Text>
      <Badge color={cells.data.empty.length ? 'yellow' : 'teal'} variant="light" size="lg" w="fit-content" data-testid="sme-empty-count">
        {t('backoffice.sme.emptyCount', { count: cells.data.empty.length })}
      </Badge>
      {SME_SECTORS.map((sector) => (
        <Paper key={sector} withBorder radius="md" p="md" component="section" aria-labelledby={`sme-${sector}`}>
          <Title order={3} size="h5" id={`sme-${sector}`} mb="sm">
            {t(`backoffice.sme.sectors.${sector}`)}
          </Title>
          <Table.ScrollContainer minWidth={560}>
            <Table withColumnBorders fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('backoffice.sme.size')}</Table.Th>
                  {SME_CRITERIA.map((c) => (
                    <Table.Th key={c}>{t(`backoffice.sme.criteria.${c}`)}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {SME_THRESHOLD_SIZES.map((size) => (
                  <Table.Tr key={size}>
                    <Table.Th scope="row">{t(`backoffice.sme.sizes.${size}`)}</Table.Th>
                    {SME_CRITERIA.map((criterion) => {
                      const ref = { sector, size, criterion };
                      const cell = applicableCell(cells.data.items, ref, today) as SmeThresholdCellRecord | undefined;
                      const id = `sme-cell-${sector}-${size}-${criterion}`;
                      return cell ? (
                        <Table.Td key={criterion} data-testid={id} data-empty="false">
                          <Text size="sm" fw={600}>
                            {t(cell.upperInclusive ? 'backoffice.sme.atMost' : 'backoffice.sme.below', { value: value(cell) })}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {t('backoffice.sme.from', { date: formatDate(cell.effectiveFrom, lng) })}
                          </Text>
                        </Table.Td>
                      ) : (
                        <Table.Td key={criterion} bg="yellow.1" data-testid={id} data-empty="true">
                          <Group gap="xs" justify="space-between" wrap="nowrap">
                            <Text size="sm" c="yellow.9" fw={600}>
                              {t('backoffice.sme.empty')}
                            </Text>
                            {isAdmin ? (
                              <Button
                                size="compact-xs"
                                variant="filled"
                                color="orange.8"
                                onClick={() => setFilling(ref)}
                                aria-label={`${t('backoffice.sme.fill')}: ${t(`backoffice.sme.sectors.${sector}`)}, ${t(`backoffice.sme.sizes.${size}`)}, ${t(`backoffice.sme.criteria.${criterion}`)}`}
                              >
                                {t('backoffice.sme.fill')}
                              </Button>
                            ) : null}
                          </Group>
                        </Table.Td>
                      );
                    })}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      ))}
      <Modal opened={filling !== null} onClose={() => setFilling(null)} title={t('backoffice.sme.fillTitle')} centered>
        {filling ? <CellForm key={`${filling.sector}-${filling.size}-${filling.criterion}`} cell={filling} onDone={() => setFilling(null)} /> : null}
      </Modal>
    </Stack>
  );
}
