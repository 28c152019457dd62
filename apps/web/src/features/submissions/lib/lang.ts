import { isLanguage, localized, type Language } from '@bansi/shared';
import { useTranslation } from 'react-i18next';

/** The language the app is shown in (Lao unless English was chosen). */
export function useLang(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : 'lo';
}

/** A reference item's or document type's name in the reader's language (English falls back to Lao). */
export const nameOf = (item: { nameLo: string; nameEn: string }, lng: Language) => localized(item.nameLo, item.nameEn, lng);
