import type { FieldError, Language, Role } from '@bansi/shared';
import { addMs, newId, nowIso, randomToken, sha256 } from '../../lib/crypto';
import type { Deps, Executor } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { findCompanySummary } from '../companies/companies.repository';
import { enqueueMail } from '../mail/mail.service';
import {
  clearFailedLogins,
  consumeUserToken,
  deleteSession,
  deleteSessionsOfUser,
  findUserByEmail,
  findUserById,
  findUserByLogin,
  findSessionById,
  findUserToken,
  insertSession,
  insertUser,
  insertUserToken,
  recordFailedLogin,
  setPassword,
} from './auth.repository';
import { presentSession } from './auth.presenter';
import { burnVerifyTime, checkPassword, hashPassword, verifyPassword } from './passwords';

export const RESET_TOKEN_TTL_MS = 30 * 60_000;
export const INVITATION_TTL_MS = 7 * 24 * 3_600_000;

const invalidCredentials = () => new AppError(401, 'INVALID_CREDENTIALS');

/**
 * Checks the credentials and opens a new session (a session the browser already had is ended:
 * the token rotates at every login). Failures count towards a temporary lock of the account.
 */
export async function login(
  deps: Deps,
  input: { login: string; password: string },
  meta: { previousSessionId: string | null; userAgent: string | null },
) {
  const { db, config } = deps;
  const user = await findUserByLogin(db, input.login);
  if (!user || !user.passwordHash || user.disabledAt) {
    await burnVerifyTime(input.password);
    throw invalidCredentials();
  }
  const now = nowIso();
  if (user.lockedUntil && user.lockedUntil > now) {
    await burnVerifyTime(input.password);
    throw new AppError(423, 'ACCOUNT_LOCKED');
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    const failures = user.failedLogins + 1;
    const lockedUntil = failures >= config.LOGIN_MAX_FAILURES ? addMs(now, config.LOGIN_LOCK_MINUTES * 60_000) : null;
    await recordFailedLogin(db, user.id, lockedUntil);
    throw lockedUntil ? new AppError(423, 'ACCOUNT_LOCKED') : invalidCredentials();
  }
  const token = randomToken();
  const expiresAt = addMs(now, config.SESSION_ABSOLUTE_HOURS * 3_600_000);
  await db.transaction().execute(async (trx) => {
    if (meta.previousSessionId) await deleteSession(trx, meta.previousSessionId);
    await clearFailedLogins(trx, user.id);
    await insertSession(trx, {
      id: newId(),
      userId: user.id,
      tokenHash: sha256(token),
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
    });
  });
  const company = user.companyId ? ((await findCompanySummary(db, user.companyId)) ?? null) : null;
  return { token, session: presentSession(user, company, expiresAt) };
}

export async function getSession(deps: Deps, principal: { userId: string; sessionId: string }) {
  const user = await findUserById(deps.db, principal.userId);
  if (!user) throw new AppError(401, 'UNAUTHENTICATED');
  const session = await findSessionById(deps.db, principal.sessionId);
  const company = user.companyId ? ((await findCompanySummary(deps.db, user.companyId)) ?? null) : null;
  return presentSession(user, company, session?.expiresAt ?? nowIso());
}

export async function logout(deps: Deps, sessionId: string) {
  await deleteSession(deps.db, sessionId);
}

/**
 * Sends a reset link when the address belongs to an account; says nothing either way (the route
 * answers the same, after the same time, whether or not the account exists).
 */
export async function requestPasswordReset(deps: Deps, email: string) {
  const user = await findUserByEmail(deps.db, email);
  if (!user || user.disabledAt) return;
  const token = randomToken();
  const now = nowIso();
  await deps.db.transaction().execute(async (trx) => {
    await insertUserToken(trx, {
      id: newId(),
      kind: 'reset',
      userId: user.id,
      tokenHash: sha256(token),
      expiresAt: addMs(now, RESET_TOKEN_TTL_MS),
      usedAt: null,
      createdAt: now,
    });
    await enqueueMail(deps, trx, {
      to: user.email,
      lang: user.language,
      template: 'passwordReset',
      vars: { name: user.name, link: new URL(`/reset-password/${token}`, deps.config.PUBLIC_URL).toString() },
    });
  });
}

/** A 400 naming the password field, with the reason in the caller's language. */
export function weakPassword(deps: Deps, lang: Language, problem: string): AppError {
  const errors: FieldError[] = [{ path: 'body.password', code: problem, message: deps.t(lang, `errors.password.${problem}`) }];
  return new AppError(400, 'WEAK_PASSWORD', errors);
}

/**
 * Uses a single-use link — a password reset or an invitation, both set a password — and ends every
 * session of the user. It does not log the user in.
 */
export async function setPasswordWithToken(deps: Deps, token: string, password: string, lang: Language) {
  const row = await findUserToken(deps.db, sha256(token));
  const now = nowIso();
  if (!row || row.usedAt || row.expiresAt <= now) throw new AppError(400, 'TOKEN_INVALID');
  const user = await findUserById(deps.db, row.userId);
  if (!user || user.disabledAt) throw new AppError(400, 'TOKEN_INVALID');
  const problem = checkPassword(password, [user.email, user.email.split('@')[0] ?? '', user.name]);
  if (problem) throw weakPassword(deps, lang, problem);
  const passwordHash = await hashPassword(password);
  await deps.db.transaction().execute(async (trx) => {
    if (!(await consumeUserToken(trx, row.id, now))) throw new AppError(400, 'TOKEN_INVALID');
    await setPassword(trx, user.id, passwordHash, now);
    await deleteSessionsOfUser(trx, user.id);
  });
}

/**
 * Creates an account without a password and mails it a 7-day link to set one (company colleagues
 * and staff are added this way). Runs inside the caller's transaction.
 */
export async function createInvitedUser(
  deps: Deps,
  trx: Executor,
  user: { companyId: string | null; email: string; name: string; role: Role; language: Language },
  mailVars: { inviter: string; company: string },
) {
  const token = randomToken();
  const now = nowIso();
  const row = {
    id: newId(),
    companyId: user.companyId,
    email: user.email.trim().toLowerCase(),
    phone: null,
    name: user.name,
    passwordHash: null,
    role: user.role,
    language: user.language,
    lockedUntil: null,
    disabledAt: null,
    createdAt: now,
    updatedAt: now,
  };
  await insertUser(trx, row);
  await insertUserToken(trx, {
    id: newId(),
    kind: 'invite',
    userId: row.id,
    tokenHash: sha256(token),
    expiresAt: addMs(now, INVITATION_TTL_MS),
    usedAt: null,
    createdAt: now,
  });
  await enqueueMail(deps, trx, {
    to: row.email,
    lang: user.language,
    template: 'invitation',
    // An invitation is a set-your-password link: the same screen and endpoint as a password reset.
    vars: { name: user.name, ...mailVars, link: new URL(`/reset-password/${token}`, deps.config.PUBLIC_URL).toString() },
  });
  return { ...row, failedLogins: 0 };
}
