import type { SmeSizeResult, SmeSizeVerdict, Submission, SubmissionSignatories } from '@bansi/shared';
import { Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLak } from '../../../lib/format';
import { useReferenceList } from '../../../api/get-reference-list';
import { useLang } from '../../../lib/use-lang';
import { nameOf } from '../lib/lang';

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div data-testid={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/**
 * "Micro enterprise", "Small enterprise (set by the service)", or — where the thresholds cannot decide and no
 * reviewer has set it yet — "Determined by the service": the one message the company reads in the wizard,
 * the review step and the filing page (issue 33), never "cannot be determined" in one and "nothing to do" in another.
 */
export function sizeText(t: (key: string) => string, result: SmeSizeVerdict | SmeSizeResult | null): string {
  if (!result || result.kind !== 'size') return t('submission.derived.byServiceBadge');
  const name = t(`submission.size.${result.size}`);
  return result.setByReviewer ? `${name} (${t('submission.size.setByService')})` : name;
}

/** The enterprise data of a submission, read-only (detail screen, review step, back office). */
export function SubmissionFacts({ submission }: { submission: Submission }) {
  const { t } = useTranslation();
  const lng = useLang();
  const departments = useReferenceList('departments');
  const specials = useReferenceList('special-categories');
  const dash = t('submission.common.none');
  const department = departments.data?.items.find((d) => d.id === submission.departmentId);
  const special = specials.data?.items.find((d) => d.id === submission.specialCategoryId);
  const declared = submission.declaredSize?.size;
  const differs = submission.sizeDiffers;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" verticalSpacing="sm">
      <Fact label={t('submission.form.department')}>{department ? nameOf(department, lng) : dash}</Fact>
      <Fact label={t('submission.criterion.labour')} testId="fact-labour">
        {submission.averageLabour ?? dash}
      </Fact>
      <Fact label={t('submission.criterion.assets')} testId="fact-assets">
        {submission.totalAssets === null ? dash : formatLak(submission.totalAssets, lng)}
      </Fact>
      <Fact label={t('submission.criterion.income')} testId="fact-income">
        {submission.annualIncome === null ? dash : formatLak(submission.annualIncome, lng)}
      </Fact>
      <Fact label={t('submission.form.specialCategory')}>{special ? nameOf(special, lng) : dash}</Fact>
      <Fact label={t('submission.form.sector')}>{submission.sector ? t(`submission.sector.${submission.sector}`) : dash}</Fact>
      <Fact label={t('submission.size.derivedLabel')} testId="fact-derived-size">
        <Badge variant={differs ? 'filled' : 'light'} color={differs ? 'red.9' : 'blue'} style={{ maxWidth: '100%' }}>
          {sizeText(t, submission.derivedSize)}
        </Badge>
      </Fact>
      <Fact label={t('submission.size.declaredLabel')} testId="fact-declared-size">
        <Badge variant={differs ? 'filled' : 'light'} color={differs ? 'red.9' : 'gray'} style={{ maxWidth: '100%' }}>
          {declared ? t(`submission.size.${declared}`) : (submission.declaredSize?.code ?? dash)}
        </Badge>
      </Fact>
      {differs && (
        <Text size="sm" c="red.9" fw={600} data-testid="size-differs" style={{ gridColumn: '1 / -1' }}>
          {t('submission.size.differsShort')}
        </Text>
      )}
    </SimpleGrid>
  );
}

/** The three signatories as recorded on the submission. */
export function SignatoriesFacts({ signatories }: { signatories: SubmissionSignatories | null }) {
  const { t } = useTranslation();
  if (!signatories) {
    return (
      <Text size="sm" c="dimmed">
        {t('submission.signatories.none')}
      </Text>
    );
  }
  const people = [
    ['owner', signatories.owner],
    ['holder', signatories.holder],
    ['checker', signatories.checker],
  ] as const;
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
      {people.map(([role, p]) => (
        <Stack key={role} gap={2} data-testid={`signatory-${role}`}>
          <Text size="xs" c="dimmed">
            {t(`submission.signatories.role.${role}`)}
          </Text>
          <Text size="sm" fw={500}>
            {p.name}
          </Text>
          {(p.position || p.phone || p.email) && (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {[p.position, p.phone, p.email].filter(Boolean).join(' · ')}
            </Text>
          )}
          {role === 'holder' && 'kind' in p && p.kind === 'outside' && (
            <Group gap={4}>
              <Text size="xs">
                {t('submission.signatories.outside', {
                  licence: p.licenceNo ?? '',
                  firm: p.firmName ?? '',
                })}
              </Text>
            </Group>
          )}
        </Stack>
      ))}
    </SimpleGrid>
  );
}
