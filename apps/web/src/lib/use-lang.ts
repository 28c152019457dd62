import { isLanguage, type Language } from '@bansi/shared/i18n';
import { useTranslation } from 'react-i18next';

/** The language the app is shown in (Lao unless English was chosen). */
export function useLang(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : 'lo';
}
