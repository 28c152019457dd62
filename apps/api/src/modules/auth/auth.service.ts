import { WebPaths } from '@bansi/shared/paths';
import { formatDateTime, type FieldError, type Language, type Role } from '@bansi/shared';
import { addMs, newId, nowIso, randomToken, sha256 } from '../../lib/crypto';
import type { Deps, Executor } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { actingAs, recordAudit, type Actor } from '../audit';
import { sessionCompanyOf } from './auth.company';
import { enqueueMail } from '../mail';
import {
  consumeUserToken,
  endUserTokens,
  deleteSession,
  deleteSessionsOfUser,
  deleteOtherSessionsOfUser,
  findUserByEmail,
  findUserById,
  findUserByLogin,
  findSessionById,
  findUserToken,
  insertSession,
  insertUser,
  insertUserToken,
  setLanguage,
  setPassword,
} from './auth.repository';
import { presentSession } from './auth.presenter';
import { accountLoginKeys, isLoginLocked, loginKey, recordLoginFailure, clearLoginFailures } from '../security';
import { burnVerifyTime, checkPassword, hashPassword, judgePassword, verifyPassword } from '../../lib/passwords';

export const RESET_TOKEN_TTL_MS = 30 * 60_000;
export const INVITATION_TTL_MS = 7 * 24 * 3_600_000;

const invalidCredentials = () => new AppError(401, 'INVALID_CREDENTIALS');

/**
 * Checks the credentials and opens a new session (a session the browser already had is ended:
 * the token rotates at every login). Failures are counted per login and client address: after too
 * many, that pair is locked for a while, whether or not an account has the login (the answer tells
 * nothing), and a stranger elsewhere cannot lock the owner out.
 */
export async function login(
  deps: Deps,
  input: { login: string; password: string },
  meta: { previousSessionId: string | null; userAgent: string | null; address: string; actor: Actor },
) {
  const { db, config } = deps;
  const now = nowIso();
  const key = loginKey(input.login);
  const user = await findUserByLogin(db, input.login);
  // A failed log-in names the account when there is one, otherwise the login's key (never the password).
  const auditFailure = (locked: boolean) =>
    recordAudit(db, meta.actor, 'auth.login_failed', user ? { kind: 'user', id: user.id } : { kind: 'login', id: key }, {
      companyId: user?.companyId ?? null,
      details: { locked },
    });
  if (await isLoginLocked(db, key, meta.address, now)) {
    await burnVerifyTime(input.password);
    await auditFailure(true);
    throw new AppError(423, 'ACCOUNT_LOCKED');
  }
  const usable = user && user.passwordHash && !user.disabledAt ? user : null;
  if (!usable) await burnVerifyTime(input.password);
  if (!usable || !(await verifyPassword(usable.passwordHash!, input.password))) {
    const locked = await recordLoginFailure(deps, key, meta.address, now);
    await auditFailure(locked);
    throw locked ? new AppError(423, 'ACCOUNT_LOCKED') : invalidCredentials();
  }
  const token = randomToken();
  const expiresAt = addMs(now, config.SESSION_ABSOLUTE_HOURS * 3_600_000);
  await db.transaction().execute(async (trx) => {
    if (meta.previousSessionId) await deleteSession(trx, meta.previousSessionId);
    await clearLoginFailures(trx, [key], meta.address);
    await insertSession(trx, {
      id: newId(),
      userId: usable.id,
      tokenHash: sha256(token),
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
    });
    await recordAudit(trx, actingAs(meta.actor, usable), 'auth.login', { kind: 'user', id: usable.id });
  });
  const company = await sessionCompanyOf(db, usable.companyId);
  return { token, session: presentSession(usable, company, expiresAt) };
}

export async function getSession(deps: Deps, principal: { userId: string; sessionId: string }) {
  const user = await findUserById(deps.db, principal.userId);
  if (!user) throw new AppError(401, 'UNAUTHENTICATED');
  const session = await findSessionById(deps.db, principal.sessionId);
  const company = await sessionCompanyOf(deps.db, user.companyId);
  return presentSession(user, company, session?.expiresAt ?? nowIso());
}

/** Keeps the language the user chose in the app on the account (nothing to audit: a preference, not a change of rights). */
export async function setAccountLanguage(deps: Deps, principal: { userId: string }, language: Language) {
  await setLanguage(deps.db, principal.userId, language, nowIso());
}

export async function logout(deps: Deps, sessionId: string, actor: Actor) {
  await deps.db.transaction().execute(async (trx) => {
    await deleteSession(trx, sessionId);
    if (actor.userId) await recordAudit(trx, actor, 'auth.logout', { kind: 'user', id: actor.userId });
  });
}

/**
 * Sends a reset link when the address belongs to an account; says nothing either way (the route
 * answers the same, after the same time, whether or not the account exists).
 */
export async function requestPasswordReset(deps: Deps, email: string, actor: Actor) {
  const user = await findUserByEmail(deps.db, email);
  if (!user || user.disabledAt) return;
  const token = randomToken();
  const now = nowIso();
  await deps.db.transaction().execute(async (trx) => {
    // Only the newest link works: issuing one ends every earlier link of the user.
    await endUserTokens(trx, user.id, now);
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
      vars: { name: user.name, link: new URL(WebPaths.resetPassword(token), deps.config.PUBLIC_URL).toString() },
    });
    await recordAudit(trx, actor, 'auth.password_reset_request', { kind: 'user', id: user.id }, { companyId: user.companyId });
  });
}

/** The link's token row and its account, while the link can still set a password. */
async function usableLink(deps: Deps, token: string) {
  const row = await findUserToken(deps.db, sha256(token));
  const now = nowIso();
  if (!row || row.usedAt || row.expiresAt <= now) return null;
  const user = await findUserById(deps.db, row.userId);
  if (!user || user.disabledAt) return null;
  return { row, user, now };
}

/** The account's own words a new password must not be built on: its e-mail, name and company. */
async function ownWords(deps: Deps, user: { email: string; name: string; companyId: string | null }) {
  const company = await sessionCompanyOf(deps.db, user.companyId);
  return [user.email, user.name, company?.nameLo, company?.nameEn];
}

/**
 * The strength meter's check of a new password being typed (decision 143): the one rule, with the words
 * the form knows and, on a reset or invitation link, its account's words — the same the API checks
 * when the password is set. An unusable link adds nothing (setting the password will say so).
 */
export async function judgeNewPassword(deps: Deps, input: { password: string; personal: string[]; token?: string | undefined }) {
  const link = input.token ? await usableLink(deps, input.token) : null;
  return judgePassword(input.password, [...input.personal, ...(link ? await ownWords(deps, link.user) : [])]);
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
export async function setPasswordWithToken(deps: Deps, token: string, password: string, lang: Language, actor: Actor) {
  const link = await usableLink(deps, token);
  if (!link) throw new AppError(400, 'TOKEN_INVALID');
  const { row, user, now } = link;
  const problem = checkPassword(password, await ownWords(deps, user));
  if (problem) throw weakPassword(deps, lang, problem);
  const passwordHash = await hashPassword(password);
  await deps.db.transaction().execute(async (trx) => {
    if (!(await consumeUserToken(trx, row.id, now))) throw new AppError(400, 'TOKEN_INVALID');
    await setPassword(trx, user.id, passwordHash, now);
    await deleteSessionsOfUser(trx, user.id);
    // Every other link of the user ends with it, and the owner is no longer locked out anywhere.
    await endUserTokens(trx, user.id, now);
    await clearLoginFailures(trx, accountLoginKeys(user));
    // An invitation link sets the first password; a reset link replaces one.
    const action = row.kind === 'invite' ? 'auth.invitation_accept' : 'auth.password_reset';
    await recordAudit(trx, actingAs(actor, user), action, { kind: 'user', id: user.id });
    // A replaced password is confirmed to the owner, so a change they did not make does not go unnoticed.
    if (row.kind === 'reset') await mailPasswordChanged(deps, trx, user);
  });
}

/**
 * A signed-in account changes its own password. The current password proves the owner is at the keyboard
 * (a wrong one is a field error; the route's rate limit bounds guessing); the new one meets the same rule as
 * everywhere. Every other session and every pending reset link of the account ends; this session stays.
 * The owner is told by mail, in the account's language.
 */
export async function changePassword(
  deps: Deps,
  principal: { userId: string; sessionId: string },
  input: { currentPassword: string; password: string },
  lang: Language,
  actor: Actor,
) {
  const user = await findUserById(deps.db, principal.userId);
  if (!user?.passwordHash || user.disabledAt) throw new AppError(401, 'UNAUTHENTICATED');
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    const errors: FieldError[] = [{ path: 'body.currentPassword', code: 'wrong', message: deps.t(lang, 'errors.password.currentWrong') }];
    throw new AppError(400, 'WRONG_PASSWORD', errors);
  }
  const problem = checkPassword(input.password, await ownWords(deps, user));
  if (problem) throw weakPassword(deps, lang, problem);
  const passwordHash = await hashPassword(input.password);
  const now = nowIso();
  await deps.db.transaction().execute(async (trx) => {
    await setPassword(trx, user.id, passwordHash, now);
    await deleteOtherSessionsOfUser(trx, user.id, principal.sessionId);
    await endUserTokens(trx, user.id, now);
    await recordAudit(trx, actor, 'auth.password_change', { kind: 'user', id: user.id });
    await mailPasswordChanged(deps, trx, user);
  });
}

/** The "your password was changed — if this was not you…" mail, in the account's language. */
export async function mailPasswordChanged(deps: Deps, trx: Executor, user: { email: string; name: string; language: Language }) {
  await enqueueMail(deps, trx, {
    to: user.email,
    lang: user.language,
    template: 'passwordChanged',
    vars: {
      name: user.name,
      changedAt: formatDateTime(nowIso(), user.language),
      resetLink: new URL(WebPaths.forgotPassword, deps.config.PUBLIC_URL).toString(),
    },
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
    vars: { name: user.name, ...mailVars, link: new URL(WebPaths.resetPassword(token), deps.config.PUBLIC_URL).toString() },
  });
  return { ...row, failedLogins: 0 };
}

/**
 * Someone registered, or was invited, with an address that already has an account. The API answers as
 * if it had worked (it tells nobody which addresses have accounts) and tells the owner by mail instead;
 * the mail repeats nothing the other person typed.
 */
export async function tellOwnerAddressInUse(
  deps: Deps,
  owner: { email: string; name: string; language: Language; disabledAt: string | null },
  trx?: Executor,
) {
  if (owner.disabledAt) return;
  const mail = (db: Executor) =>
    enqueueMail(deps, db, {
      to: owner.email,
      lang: owner.language,
      template: 'addressInUse',
      vars: {
        name: owner.name,
        link: new URL(WebPaths.login, deps.config.PUBLIC_URL).toString(),
        resetLink: new URL(WebPaths.forgotPassword, deps.config.PUBLIC_URL).toString(),
      },
    });
  await (trx ? mail(trx) : deps.db.transaction().execute(mail));
}
