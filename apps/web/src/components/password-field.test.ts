import { judgePassword } from '@bansi/shared/domain/password-strength';
import { dictionary } from '@zxcvbn-ts/language-common';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { passwordStrength } from './password-field';

/**
 * What the API answers, to POST /auth/password-check as when the password is set (apps/api
 * auth.service judgeNewPassword / checkPassword = judgePassword(...)); the meter shows that verdict.
 */
const serverAccepts = (password: string, personal: string[]) => judgePassword(password, personal).problem === null;
const meterSaysStrong = (password: string, personal: string[]) => passwordStrength(password, judgePassword(password, personal)).level === 'strong';

// The register screen gives the meter the same words the server checks: name, e-mail, company names, tax ID.
const PERSONAL = ['Somsack Vongsa', 'somsack.v@mekong.la', 'ບໍລິສັດ ແມ່ຂອງ ການຄ້າ ຈຳກັດ', 'Mekong Trading Co., Ltd.', '1234567890'];

describe('the password meter shows the verdict of the server’s rule (decision 143)', () => {
  it('judges the length itself, and otherwise waits for the verdict or says it could not ask', () => {
    expect(passwordStrength('', null).level).toBe('empty');
    expect(passwordStrength('short', null).level).toBe('short');
    expect(passwordStrength('a long enough password', null).level).toBe('checking');
    expect(passwordStrength('a long enough password', null, true).level).toBe('unknown');
    expect(passwordStrength('a long enough password', { problem: 'weak', score: 3 })).toMatchObject({ level: 'weak', color: 'orange' });
    expect(passwordStrength('a long enough password', { problem: null, score: 4 })).toMatchObject({ level: 'strong', percent: 100 });
  });

  it('never calls a password from the common-password list acceptable (the first 1,000)', { timeout: 30_000 }, () => {
    const common = (dictionary.passwords as string[]).slice(0, 1000);
    const shownStrong = common.filter((p) => meterSaysStrong(p, []));
    expect(shownStrong).toEqual([]);
  });

  it.each([
    ['a common password', 'Welcome1!'],
    ['the product name', 'Bansi-2024!'],
    ['the company name', 'MekongTrading2023!'],
    ['the user name', 'Somsack2024!'],
    ['the tax ID', '1234567890ab'],
    ['too short', 'Xq7#'],
  ])('refuses %s, and the meter does not show it as strong', (_label, password) => {
    expect(serverAccepts(password, PERSONAL)).toBe(false);
    expect(meterSaysStrong(password, PERSONAL)).toBe(false);
  });

  it('says "strong" exactly when the server accepts, for any password', { timeout: 30_000 }, () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ maxLength: 24 }), fc.constantFrom(...PERSONAL, 'correct horse battery staple', 'Demo-Bansi-2024!')),
        (password) => {
          expect(meterSaysStrong(password, PERSONAL)).toBe(serverAccepts(password, PERSONAL));
        },
      ),
      { numRuns: 80 },
    );
  });
});
