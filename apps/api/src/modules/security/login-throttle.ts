import { addMs, sha256 } from '../../lib/crypto';
import type { Deps, Executor } from '../../lib/deps';
import { normalizePhone } from '../../lib/phone';
import { deleteStaleLoginFailures, findLoginFailures, saveLoginFailures } from './security.repository';

/**
 * The key failed log-ins are counted under: the login as typed, normalised the way the account lookup
 * reads it (e-mail lower-case, phone by its digits). It does not depend on whether an account exists,
 * so a lock answers alike for known and unknown logins.
 */
export function loginKey(login: string): string {
  const value = login.trim();
  return sha256(value.includes('@') ? `email:${value.toLowerCase()}` : `phone:${normalizePhone(value)}`);
}

/** The keys of an account's e-mail and phone, to clear its counters when its password is set. */
export const accountLoginKeys = (user: { email: string; phone: string | null }) => [
  loginKey(user.email),
  ...(user.phone ? [loginKey(user.phone)] : []),
];

/** Is this login locked for this client address? */
export async function isLoginLocked(db: Executor, key: string, address: string, now: string): Promise<boolean> {
  const row = await findLoginFailures(db, key, address);
  return Boolean(row?.lockedUntil && row.lockedUntil > now);
}

/**
 * Counts a failed log-in of this login from this address; true when it now locks. A count older than
 * the lock period starts again, so a few typos spread over days never lock anyone.
 */
export async function recordLoginFailure(deps: Pick<Deps, 'db' | 'config'>, key: string, address: string, now: string): Promise<boolean> {
  const { db, config } = deps;
  const lockMs = config.LOGIN_LOCK_MINUTES * 60_000;
  const row = await findLoginFailures(db, key, address);
  const fresh = row && Date.parse(row.updatedAt) + lockMs > Date.parse(now);
  const failures = (fresh ? row.failures : 0) + 1;
  const lockedUntil = failures >= config.LOGIN_MAX_FAILURES ? addMs(now, lockMs) : null;
  await saveLoginFailures(db, { loginKey: key, address, failures: lockedUntil ? 0 : failures, lockedUntil, updatedAt: now });
  // Old rows are no use to anyone: drop them now and then (about one failure in fifty).
  if (Math.random() < 0.02) await deleteStaleLoginFailures(db, addMs(now, -2 * lockMs));
  return lockedUntil !== null;
}
