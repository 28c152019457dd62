import * as common from '@zxcvbn-ts/language-common';
import { describe, expect, it } from 'vitest';
import { LAO_ALPHABET } from './lao-keyboard';
import { judgePassword, personalWords } from './password-strength';

/** A fixed pseudo-random sequence (the same passwords on every run). */
function seeded(seed: number) {
  let state = seed;
  return () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
}
const LAO_LETTERS = [...Array(0x80).keys()].map((i) => String.fromCodePoint(0x0e80 + i)).filter((c) => /[\p{L}\p{M}]/u.test(c));

describe('judgePassword', () => {
  // The six passwords of the outside review (issue 11, item 9).
  it.each(['abcdefgh', '87654321', 'Welcome1!', 'passw0rd!', 'bansi2024', 'Bansi-2024!'])('refuses %s', (password) => {
    expect(judgePassword(password).problem).toBe('weak');
  });

  it.each([
    ['a password built on the user name', 'Somsack2024!', ['Somsack Vongsa']],
    ['the e-mail local part and a year', 'keomany.phet2024', ['keomany.phet@example.la']],
    ['the company name', 'MekongTrading2023!', ['Mekong Trading Co., Ltd.']],
  ])('refuses %s', (_label, password, personal) => {
    expect(judgePassword(password, personal).problem).toBe('weak');
  });

  it.each([
    ['Demo-Bansi-2024!', ['demo@bansi.example', 'Demo Admin']],
    ['Admin-Bansi-2024!', ['admin@bansi.example']],
    ['Reviewer-Bansi-2024!', ['reviewer@bansi.example']],
    ['correct horse battery staple', []],
    ['colleague password for tests', []],
    ['ນ້ຳຂອງໄຫຼຜ່ານວຽງຈັນ 2024', []],
  ])('accepts %s', (password, personal) => {
    expect(judgePassword(password, personal)).toEqual({ problem: null, score: 4 });
  });

  it.each([
    ['short', 'too_short'],
    ['x'.repeat(129), 'too_long'],
  ])('refuses the length of %s', (password, problem) => {
    expect(judgePassword(password).problem).toBe(problem);
  });
});

describe('judgePassword in Lao (issue 28, decision 142)', () => {
  const company = ['ບໍລິສັດ ແມ່ຂອງ ການຄ້າ ຈຳກັດ', 'Mekong Trading Co., Ltd.'];

  it.each([
    ['the 27 consonants', [...LAO_ALPHABET]],
    ['every Lao letter and mark', LAO_LETTERS],
  ])('accepts 10 to 14 random Lao letters drawn from %s (300 fixed draws)', (_label, letters) => {
    const random = seeded(28);
    const refused: string[] = [];
    for (let i = 0; i < 300; i += 1) {
      const length = 10 + Math.floor(random() * 5);
      const password = Array.from({ length }, () => letters[Math.floor(random() * letters.length)]).join('');
      if (judgePassword(password, company).problem) refused.push(password);
    }
    expect(refused).toEqual([]);
  });

  it.each([
    ['ແມວໝາໄກ່ງົວ', 'cat dog chicken cow'],
    ['ກິນໄປມາດີ', 'eat go come good: four short words, nine letters'],
    ['ກິນ ໄປ ມາ ດີ', 'the same with spaces'],
    ['ປານົກໝູເປັດ', 'fish bird pig duck'],
    ['ເຮືອນ ນ້ຳ ໄຟ ລົມ', 'house water fire wind'],
  ])('accepts four Lao words: %s (%s)', (password) => {
    expect(judgePassword(password, company)).toEqual({ problem: null, score: 4 });
  });

  it.each([
    ['the alphabet recited', LAO_ALPHABET.slice(0, 10)],
    ['the alphabet backwards', [...LAO_ALPHABET.slice(0, 10)].reverse().join('')],
    ['the home row of the Lao keyboard', 'ຟຫກດເ້່າສວງ'],
    ['the number row of the Lao keyboard', 'ຢຟໂຖຸູຄຕຈຂ'],
    ['one letter repeated', 'ກກກກກກກກກກ'],
    ['two letters repeated', 'ກຂກຂກຂກຂກຂ'],
    ['the product name twice', 'ບັນຊີບັນຊີ'],
    ['the product name and a year', 'ບັນຊີ2024!'],
    ['the company name and a year', 'ບໍລິສັດແມ່ຂອງ2024'],
  ])('refuses %s', (_label, password) => {
    expect(judgePassword(password, company).problem).toBe('weak');
  });

  it('still refuses the common-password list (every one of its first 3,000 of 8 or more characters) and Bansi-2024!', { timeout: 60_000 }, () => {
    const passwords = common.dictionary['passwords-common']!.slice(0, 3_000).filter((p): p is string => typeof p === 'string' && p.length >= 8);
    expect(passwords.length).toBeGreaterThan(600);
    expect(passwords.filter((p) => judgePassword(p).problem === null)).toEqual([]);
    expect(judgePassword('Bansi-2024!').problem).toBe('weak');
  });
});

describe('personalWords', () => {
  it('splits names and e-mails into the words a guesser tries, with the product name', () => {
    expect(personalWords(['Keomany.Phet@mekong.la', null, ' Somsack Vongsa '])).toEqual(
      expect.arrayContaining(['bansi', 'ບັນຊີ', 'keomany.phet@mekong.la', 'keomany', 'phet', 'mekong', 'somsack vongsa', 'somsack', 'vongsa']),
    );
  });
});
