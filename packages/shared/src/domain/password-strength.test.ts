import { describe, expect, it } from 'vitest';
import { judgePassword, personalWords } from './password-strength';

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

describe('personalWords', () => {
  it('splits names and e-mails into the words a guesser tries, with the product name', () => {
    expect(personalWords(['Keomany.Phet@mekong.la', null, ' Somsack Vongsa '])).toEqual(
      expect.arrayContaining(['bansi', 'ບັນຊີ', 'keomany.phet@mekong.la', 'keomany', 'phet', 'mekong', 'somsack vongsa', 'somsack', 'vongsa']),
    );
  });
});
