/**
 * English place names (provinces, districts, villages) come from the lao-admin import in capitals
 * ("VIENTIANE CAPITAL", "XAY-SETHA"); they are shown in title case ("Vientiane Capital", "Xay-Setha").
 * A name someone already wrote in mixed case is left as written. Lao names have no case and pass as they are.
 */
export function placeNameEn(name: string): string {
  if (/\p{Ll}/u.test(name)) return name;
  return name.toLowerCase().replace(/(^|[\s\-–(/.])(\p{Ll})/gu, (_, before: string, letter: string) => before + letter.toUpperCase());
}

/** A place with its English name in title case (for lists of provinces, districts and villages). */
export const withPlaceNameEn = <T extends { nameEn: string }>(place: T): T => ({ ...place, nameEn: placeNameEn(place.nameEn) });
