import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';
import { PASSWORD_MAX, PASSWORD_MIN } from '../contracts/auth';

/**
 * The one password rule, used by the API (which refuses) and by the browser's meter (which explains):
 * NIST SP 800-63B length 8..128 without composition rules, and zxcvbn's estimate of how many guesses
 * a cracker needs, given the product's name and the user's own words. The browser loads this module
 * only where a password is typed (its dictionaries are large).
 */

/** zxcvbn scores 0..4; 4 means at least 10^10 guesses. Lower scores are refused. */
export const PASSWORD_MIN_SCORE = 4;

/** The product's own names, in both languages: a password built on them is among the first guessed. */
export const PRODUCT_WORDS = ['bansi', 'ບັນຊີ'];

export type PasswordProblem = 'too_short' | 'too_long' | 'weak';

export interface PasswordJudgement {
  /** null when the password is acceptable */
  problem: PasswordProblem | null;
  /** zxcvbn's 0..4 (0 for a password of the wrong length) */
  score: number;
}

let factory: ZxcvbnFactory | null = null;
const estimator = () =>
  (factory ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary },
    graphs: common.adjacencyGraphs,
    translations: en.translations,
  }));

/**
 * Splits a user's name, e-mail or company into the words a guesser would try: the whole value, the
 * e-mail's local part and domain labels, and each word of a name.
 */
export function personalWords(values: (string | null | undefined)[]): string[] {
  const words = new Set<string>(PRODUCT_WORDS);
  for (const raw of values) {
    const value = raw?.trim().toLowerCase();
    if (!value) continue;
    words.add(value);
    for (const part of value.split(/[\s@.,_+\-()]+/u)) if ([...part].length >= 3) words.add(part);
  }
  return [...words];
}

/** Judges a new password; `personal` are the user's name, e-mail, company and the like. */
export function judgePassword(password: string, personal: (string | null | undefined)[] = []): PasswordJudgement {
  const length = [...password].length;
  if (length < PASSWORD_MIN) return { problem: 'too_short', score: 0 };
  if (length > PASSWORD_MAX) return { problem: 'too_long', score: 0 };
  const { score } = estimator().check(password, personalWords(personal));
  return { problem: score < PASSWORD_MIN_SCORE ? 'weak' : null, score };
}
