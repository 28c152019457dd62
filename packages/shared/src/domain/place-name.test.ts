import { describe, expect, it } from 'vitest';
import { placeNameEn, withPlaceNameEn } from './place-name';

describe('placeNameEn', () => {
  it.each([
    ['VIENTIANE CAPITAL', 'Vientiane Capital'],
    ['LUANGNAMTHA', 'Luangnamtha'],
    ['XAY-SETHA', 'Xay-Setha'],
    ['BAN NONGBONE (NORTH)', 'Ban Nongbone (North)'],
    ['  PAKSE ', '  Pakse '],
    // written by a person in mixed case: kept
    ['Ban Sisavath Tai', 'Ban Sisavath Tai'],
    ['McKinley', 'McKinley'],
    // Lao and empty names pass through
    ['ນະຄອນຫຼວງວຽງຈັນ', 'ນະຄອນຫຼວງວຽງຈັນ'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(placeNameEn(input)).toBe(expected);
  });

  it('withPlaceNameEn changes only the English name', () => {
    expect(withPlaceNameEn({ code: '01', nameLo: 'ນະຄອນຫຼວງວຽງຈັນ', nameEn: 'VIENTIANE CAPITAL', hasVillages: true })).toEqual({
      code: '01',
      nameLo: 'ນະຄອນຫຼວງວຽງຈັນ',
      nameEn: 'Vientiane Capital',
      hasVillages: true,
    });
  });
});
