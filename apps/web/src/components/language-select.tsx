import { LANGUAGES, type Language } from '@bansi/shared';
import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../lib/i18n';

/** Switches between Lao and English; the page reloads in the chosen language. */
export function LanguageSelect({ testId }: { testId?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <SegmentedControl
      size="xs"
      aria-label={t('common.language')}
      data-testid={testId}
      value={i18n.language}
      onChange={(value) => void changeLanguage(value as Language)}
      data={LANGUAGES.map((lng) => ({ value: lng, label: t(`common.languages.${lng}`) }))}
    />
  );
}
