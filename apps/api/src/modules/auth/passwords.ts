import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MAX, PASSWORD_MIN } from '@bansi/shared';

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

// The 49k most common passwords of the zxcvbn-ts common-language package.
const common = new Set((dictionary as { passwords: string[] }).passwords.map((p) => p.toLowerCase()));

export type PasswordProblem = 'too_short' | 'too_long' | 'common';

/** NIST SP 800-63B: length 8..128, no composition rules, refuse known-common passwords. */
export function checkPassword(password: string, personal: string[] = []): PasswordProblem | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN) return 'too_short';
  if (length > PASSWORD_MAX) return 'too_long';
  const lower = password.toLowerCase();
  if (common.has(lower)) return 'common';
  if (personal.some((p) => p.length >= 4 && lower === p.toLowerCase())) return 'common';
  if (/^(.)\1+$/.test(password)) return 'common';
  return null;
}
