import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The filing reference (BS-2023-000123, decision 095) as every submission screen shows it; a draft
 * never submitted has none yet (`showNone` says so where the reader expects one).
 */
export function FilingReference({
  reference,
  size = 'sm',
  showNone = false,
}: {
  reference: string | null | undefined;
  size?: 'xs' | 'sm' | 'lg';
  showNone?: boolean;
}) {
  const { t } = useTranslation();
  if (!reference) {
    return showNone ? (
      <Text size="xs" c="dimmed" data-testid="filing-reference" data-reference="">
        {t('filing.reference.none')}
      </Text>
    ) : null;
  }
  return (
    <Badge
      size={size}
      variant="outline"
      color="blue.9"
      radius="sm"
      title={t('filing.reference.label')}
      aria-label={`${t('filing.reference.label')} ${reference}`}
      data-testid="filing-reference"
      data-reference={reference}
      styles={{ label: { fontFamily: 'var(--mantine-font-family-monospace)', textTransform: 'none', letterSpacing: 0 } }}
    >
      {reference}
    </Badge>
  );
}
