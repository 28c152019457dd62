import { FEE_SERVICES, type FeeService } from '@bansi/shared';
import { Badge, Button, Group, Paper, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LakInput } from '../../../components/lak-input';
import { errorText } from '../../../lib/error-text';
import { formatDate, formatLak } from '../../../lib/format';
import { useLang } from '../../../lib/use-lang';
import { useFees, usePutFees } from '../api/fees';

const SIZES = ['micro', 'small', 'medium', 'large'] as const;

/** The fee schedule: service × company size → LAK from a date; demo prices are marked until replaced. */
export function FeeEditor() {
  const { t } = useTranslation();
  const lng = useLang();
  const fees = useFees();
  const put = usePutFees();
  const [service, setService] = useState<FeeService>('annual_review');
  const [sizeCode, setSizeCode] = useState<string>('small');
  const [amount, setAmount] = useState<number | ''>('');
  const [effectiveFrom, setEffectiveFrom] = useState('');
  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label={t('payments.fees.service')}
            data={FEE_SERVICES.map((s) => ({ value: s, label: t(`payments.fees.services.${s}`) }))}
            value={service}
            onChange={(v) => v && setService(v as FeeService)}
            allowDeselect={false}
          />
          <Select
            label={t('payments.fees.size')}
            data={SIZES.map((s) => ({ value: s, label: t(`payments.fees.sizes.${s}`) }))}
            value={sizeCode}
            onChange={(v) => v && setSizeCode(v)}
            allowDeselect={false}
          />
          <LakInput label={t('payments.fees.amount')} value={amount} onChange={(v) => setAmount(typeof v === 'number' ? v : '')} />
          <TextInput
            type="date"
            label={t('payments.fees.effectiveFrom')}
            value={effectiveFrom}
            onChange={(e) => setEffectiveFrom(e.currentTarget.value)}
          />
          <Button
            disabled={!amount || !effectiveFrom}
            loading={put.isPending}
            onClick={() => typeof amount === 'number' && put.mutate({ items: [{ service, sizeCode, amount, effectiveFrom }] })}
          >
            {t('payments.fees.save')}
          </Button>
        </Group>
        {put.isError ? (
          <Text c="red" size="sm" mt="xs">
            {errorText(put.error)}
          </Text>
        ) : null}
      </Paper>
      <Table.ScrollContainer minWidth={520}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('payments.fees.service')}</Table.Th>
              <Table.Th>{t('payments.fees.size')}</Table.Th>
              <Table.Th>{t('payments.fees.effectiveFrom')}</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>{t('payments.fees.amount')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(fees.data?.items ?? []).map((f) => (
              <Table.Tr key={f.id}>
                <Table.Td>{t(`payments.fees.services.${f.service}`)}</Table.Td>
                <Table.Td>{t(`payments.fees.sizes.${f.sizeCode}`, { defaultValue: f.sizeCode })}</Table.Td>
                <Table.Td>{formatDate(f.effectiveFrom, lng)}</Table.Td>
                <Table.Td style={{ textAlign: 'right', fontFamily: 'monospace' }}>{formatLak(f.amount, lng)}</Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {f.current ? (
                      <Badge color="green" variant="light">
                        {t('payments.fees.current')}
                      </Badge>
                    ) : null}
                    {f.demo ? (
                      <Badge color="yellow" variant="light">
                        {t('payments.fees.demo')}
                      </Badge>
                    ) : null}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {fees.isError ? <Text c="red">{errorText(fees.error)}</Text> : null}
    </Stack>
  );
}
