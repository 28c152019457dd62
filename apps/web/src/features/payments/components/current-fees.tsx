import { Alert, Skeleton, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate, formatLak } from '../../../lib/format';
import { errorText } from '../../../lib/error-text';
import { useLang } from '../../../lib/use-lang';
import { useCurrentFees } from '../api/current-fees';

/** The fee schedule in force today, as staff keep it: service, company size, amount in LAK, since when. */
export function CurrentFees() {
  const { t } = useTranslation();
  const lng = useLang();
  const fees = useCurrentFees();
  if (fees.isPending) return <Skeleton h={160} radius="md" />;
  if (fees.isError)
    return (
      <Alert color="red" role="alert">
        {errorText(fees.error)}
      </Alert>
    );
  if (fees.data.items.length === 0) return <Text c="dimmed">{t('payments.fees.noneInForce')}</Text>;
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table striped withTableBorder data-testid="current-fees">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('payments.fees.service')}</Table.Th>
            <Table.Th>{t('payments.fees.size')}</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>{t('payments.fees.amount')}</Table.Th>
            <Table.Th>{t('payments.fees.effectiveFrom')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {fees.data.items.map((f) => (
            <Table.Tr key={f.id} data-testid="current-fee">
              <Table.Td>{t(`payments.fees.services.${f.service}`)}</Table.Td>
              <Table.Td>{t(`payments.fees.sizes.${f.sizeCode}`, { defaultValue: f.sizeCode })}</Table.Td>
              <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }} data-testid="current-fee-amount">
                {formatLak(f.amount, lng)}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(`${f.effectiveFrom}T05:00:00Z`, lng)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
