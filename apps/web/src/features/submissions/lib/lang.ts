import { localized, type Language } from '@bansi/shared';

/** A reference item's or document type's name in the reader's language (English falls back to Lao). */
export const nameOf = (item: { nameLo: string; nameEn: string }, lng: Language) => localized(item.nameLo, item.nameEn, lng);
