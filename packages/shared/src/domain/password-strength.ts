import { ZxcvbnFactory, type ZxcvbnResult } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';
import { PASSWORD_MAX, PASSWORD_MIN, type PasswordProblem } from '../contracts/auth';
import { laoAlphabetRuns, laoKeyboardGraph } from './lao-keyboard';

/**
 * The one password rule, used by the API to refuse and, through POST /auth/password-check, by the
 * browser's meter to explain:
 * NIST SP 800-63B length 8..128 without composition rules, and zxcvbn's estimate of how many guesses
 * a cracker needs, given the product's name and the user's own words — with Lao letters weighed as
 * Lao (decision 142). Only the API loads this module (its dictionaries are large): the browser's meter
 * asks the API (POST /auth/password-check).
 */

/** zxcvbn scores 0..4; 4 means at least 10^10 guesses. Lower scores are refused. */
export const PASSWORD_MIN_SCORE = 4;

/** The product's own names, in both languages: a password built on them is among the first guessed. */
export const PRODUCT_WORDS = ['bansi', 'ບັນຊີ'];

export type { PasswordProblem };

export interface PasswordJudgement {
  /** null when the password is acceptable */
  problem: PasswordProblem | null;
  /** zxcvbn's 0..4 (0 for a password of the wrong length) */
  score: number;
}

/**
 * How many letters a guesser must try for one Lao letter it cannot predict. zxcvbn counts 10 for any
 * character it cannot match to a pattern — a deliberate under-estimate for the 26 Latin letters and
 * more — and it has no Lao words, so a Lao passphrase counted like random digits. The Lao keyboard
 * has about 55 characters; 20 keeps zxcvbn's margin (10 for 26). Patterns still weigh what they weigh:
 * the user's own words (a Lao company name, ບັນຊີ), repeats, the Lao keyboard rows and the alphabet.
 */
export const LAO_LETTER_GUESSES = 20;
const BRUTEFORCE_GUESSES = 10;
const LAO_LETTER = /[\u0E80-\u0EFF]/u;
/** zxcvbn's score 4 starts here (its guessesToScore: at least 10^10, plus its margin of 5). */
const SCORE_4_GUESSES = 1e10 + 5;
/** zxcvbn's penalty for a password made of `n` patterns (scoring: MIN_GUESSES_BEFORE_GROWING_SEQUENCE). */
const SEQUENCE_GROWTH = 10_000;

let factory: ZxcvbnFactory | null = null;
const estimator = () =>
  (factory ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary, laoAlphabet: laoAlphabetRuns() },
    graphs: { ...common.adjacencyGraphs, lao: laoKeyboardGraph(common.adjacencyGraphs.qwerty) },
    translations: en.translations,
  }));

const factorial = (n: number): number => (n <= 1 ? 1 : n * factorial(n - 1));

/**
 * zxcvbn's guesses for its own reading of the password, with each Lao letter it left to brute force
 * counted as LAO_LETTER_GUESSES instead of 10: the same product of the patterns' guesses times the
 * number of their orders, plus the length penalty (zxcvbn-ts scoring/index.ts).
 */
function laoAwareGuesses(result: ZxcvbnResult): number {
  let product = 1;
  for (const match of result.sequence) {
    const laoLetters = match.pattern === 'bruteforce' ? [...match.token].filter((c) => LAO_LETTER.test(c)).length : 0;
    product *= match.guesses * (LAO_LETTER_GUESSES / BRUTEFORCE_GUESSES) ** laoLetters;
  }
  const n = result.sequence.length;
  return factorial(n) * product + SEQUENCE_GROWTH ** (n - 1);
}

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
  const result = estimator().check(password, personalWords(personal));
  const score = result.score < 4 && LAO_LETTER.test(password) && laoAwareGuesses(result) >= SCORE_4_GUESSES ? 4 : result.score;
  return { problem: score < PASSWORD_MIN_SCORE ? 'weak' : null, score };
}
