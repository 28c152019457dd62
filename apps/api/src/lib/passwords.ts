import { hash, verify } from '@node-rs/argon2';
import { judgePassword, type PasswordProblem } from '@bansi/shared/domain/password-strength';

// OWASP: Argon2id with m = 19 MiB, t = 2, p = 1 is the minimum; we use a little more memory.
// (algorithm 2 is Argon2id: the package's Algorithm is a const enum, which isolated modules cannot read.)
const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, options);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// A hash of a password nobody has, so a login for an unknown account costs the same time.
let dummyHash: Promise<string> | null = null;
export async function burnVerifyTime(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-only-for-timing');
  await verifyPassword(await dummyHash, password);
}

export type { PasswordProblem } from '@bansi/shared/domain/password-strength';
export { judgePassword };

/**
 * The one password rule of packages/shared (the browser's meter asks POST /auth/password-check): length 8..128 and a
 * zxcvbn score of 4 given the product's name and the user's own name, e-mail and company.
 */
export function checkPassword(password: string, personal: (string | null | undefined)[] = []): PasswordProblem | null {
  return judgePassword(password, personal).problem;
}

/**
 * Builds the rule's dictionaries (~0.4 s of one core) before the server takes requests, so the first
 * registration or strength check of a process does not hold the event loop that long.
 */
export function warmPasswordRule() {
  checkPassword('warming the estimator up');
}
