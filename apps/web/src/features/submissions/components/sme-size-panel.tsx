import { deriveSmeSize, type SmeCriterion, type SmeSector, type SmeSize, type SmeThresholdCell } from '@bansi/shared';
import { Alert, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconRuler2 } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

export interface SmeFigures {
  averageLabour: number | null;
  totalAssets: number | null;
  annualIncome: number | null;
}

/** The size the figures give, as the shared rule derives it (null when the sector is unknown). */
export function useDerivedSize(sector: SmeSector | null, figures: SmeFigures, cells: readonly SmeThresholdCell[] | undefined, asOf: Date) {
  return useMemo(() => {
    if (!sector || !cells) return null;
    try {
      return deriveSmeSize({ sector, ...figures }, cells, asOf);
    } catch {
      // two cells for one date: a data error staff must fix; the size stays undetermined meanwhile
      return { kind: 'undetermined' as const, missing: [], missingInputs: [] };
    }
  }, [sector, figures, cells, asOf]);
}

/**
 * The enterprise size derived from the figures as the user types (Decree 25/GOL of 2017): the size and the
 * conditions it met; the figures still to enter; or, when the thresholds it needs are not entered, that
 * the service will determine the size (decision 099); and a warning when it differs from the profile's size.
 */
export function SmeSizePanel({
  sector,
  figures,
  cells,
  asOf,
  declared,
  setByService,
}: {
  sector: SmeSector | null;
  figures: SmeFigures;
  cells: readonly SmeThresholdCell[] | undefined;
  asOf: Date;
  /** the size on the filing as the server has it: a reviewer's setting is shown where the rule cannot decide */
  setByService?: { size: SmeSize; setByReviewer?: { reason: string } } | null;
  /** the size code of the company profile, when it is one of the decree's sizes */
  declared?: SmeSize | null;
}) {
  const { t } = useTranslation();
  const derived = useDerivedSize(sector, figures, cells, asOf);
  // Where the thresholds cannot decide, the size the service set on the filing (issue 33) is the answer.
  const reviewer = derived?.kind === 'undetermined' && derived.missingInputs.length === 0 ? setByService?.setByReviewer : undefined;
  const result = reviewer && setByService ? { kind: 'size' as const, size: setByService.size, basis: [], setByReviewer: reviewer } : derived;
  const criteria = (list: readonly SmeCriterion[]) => list.map((c) => t(`submission.criterion.${c}`)).join(', ');

  return (
    <Paper withBorder p="md" radius="md" data-testid="sme-size" aria-live="polite">
      <Stack gap="xs">
        <Group gap="xs" wrap="nowrap">
          <IconRuler2 size={18} aria-hidden />
          <Text fw={600}>{t('submission.derived.label')}</Text>
        </Group>
        {!result ? (
          <Text size="sm" c="dimmed">
            {t('submission.derived.noSector')}
          </Text>
        ) : result.kind === 'size' ? (
          <>
            <Badge size="lg" variant="light" color="blue" data-testid="sme-size-value" data-size={result.size} style={{ alignSelf: 'flex-start' }}>
              {t(`submission.size.${result.size}`)}
            </Badge>
            <Text size="sm" data-testid="sme-size-why">
              {result.setByReviewer
                ? t('submission.size.setByServiceNote', { reason: result.setByReviewer.reason })
                : result.size === 'large'
                  ? t('submission.derived.large')
                  : t('submission.derived.basis', {
                      size: t(`submission.size.${result.size}`),
                      criteria: criteria(result.basis),
                    })}
            </Text>
          </>
        ) : (
          <>
            <Badge
              size="lg"
              variant="light"
              color="gray"
              data-testid="sme-size-value"
              data-size="undetermined"
              style={{ alignSelf: 'flex-start', maxWidth: '100%' }}
            >
              {result.missingInputs.length === 0 ? t('submission.derived.byServiceBadge') : t('submission.size.undetermined')}
            </Badge>
            {result.missingInputs.length > 0 && (
              <Text size="sm">
                {t('submission.derived.missingInputs', {
                  criteria: criteria(result.missingInputs),
                })}
              </Text>
            )}
            {result.missingInputs.length === 0 && (
              // Thresholds the service has not entered (or a sector it has to settle): never listed to the
              // company, which cannot act on them; the service decides, and nothing needs confirming.
              <Text size="sm" data-testid="sme-size-by-service">
                {t('submission.derived.byService')}
              </Text>
            )}
          </>
        )}
        {result?.kind === 'size' && declared && declared !== result.size && (
          <Alert color="yellow" icon={<IconAlertTriangle size={18} />} p="xs" data-testid="sme-size-differs">
            {t('submission.derived.differs', {
              derived: t(`submission.size.${result.size}`),
              declared: t(`submission.size.${declared}`),
            })}
          </Alert>
        )}
        <Text size="xs" c="dimmed">
          {t('submission.derived.source')}
        </Text>
      </Stack>
    </Paper>
  );
}
