import type { Role } from '@bansi/shared';
import type { Executor } from '../../lib/deps';
import { preparedQuery } from '../../db/prepared';
import type { SessionsTable, UserTokensTable, UsersTable } from './auth.tables';
import { normalizePhone } from '../../lib/phone';

export function findUserByLogin(db: Executor, login: string) {
  const value = login.trim().toLowerCase();
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb.or([eb('email', '=', value), eb('phone', '=', normalizePhone(login))]))
    .executeTakeFirst();
}

export const findUserById = (db: Executor, id: string) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

export const findUserByEmail = (db: Executor, email: string) =>
  db.selectFrom('users').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();

export const findUserByPhone = (db: Executor, phone: string) =>
  db.selectFrom('users').selectAll().where('phone', '=', normalizePhone(phone)).executeTakeFirst();

export async function insertUser(db: Executor, user: Omit<UsersTable, 'failedLogins'>) {
  await db.insertInto('users').values(user).execute();
}

export async function recordFailedLogin(db: Executor, userId: string, lockedUntil: string | null) {
  await db
    .updateTable('users')
    .set((eb) => ({ failedLogins: eb('failedLogins', '+', 1), lockedUntil }))
    .where('id', '=', userId)
    .execute();
}

export async function clearFailedLogins(db: Executor, userId: string) {
  await db.updateTable('users').set({ failedLogins: 0, lockedUntil: null }).where('id', '=', userId).execute();
}

export async function setLanguage(db: Executor, userId: string, language: UsersTable['language'], now: string) {
  await db.updateTable('users').set({ language, updatedAt: now }).where('id', '=', userId).execute();
}

export async function setPassword(db: Executor, userId: string, passwordHash: string, now: string) {
  await db.updateTable('users').set({ passwordHash, failedLogins: 0, lockedUntil: null, updatedAt: now }).where('id', '=', userId).execute();
}

export async function insertSession(db: Executor, session: SessionsTable) {
  await db.insertInto('sessions').values(session).execute();
}

/** The session of a cookie's token with its user, the one query of every authenticated request. */
const sessionByTokenHash = preparedQuery((db, p: { tokenHash: string }) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .select([
      'sessions.id as sessionId',
      'sessions.expiresAt',
      'sessions.lastSeenAt',
      'users.id as userId',
      'users.role',
      'users.companyId',
      'users.language',
      'users.disabledAt',
    ])
    .where('sessions.tokenHash', '=', p.tokenHash),
);

export async function findSessionByTokenHash(db: Executor, tokenHash: string) {
  return (await sessionByTokenHash(db, { tokenHash }))[0];
}

export const findSessionById = (db: Executor, id: string) =>
  db.selectFrom('sessions').select(['id', 'expiresAt']).where('id', '=', id).executeTakeFirst();

export async function touchSession(db: Executor, sessionId: string, now: string) {
  await db.updateTable('sessions').set({ lastSeenAt: now }).where('id', '=', sessionId).execute();
}

export async function deleteSession(db: Executor, sessionId: string) {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

export async function deleteSessionsOfUser(db: Executor, userId: string) {
  await db.deleteFrom('sessions').where('userId', '=', userId).execute();
}

/** Ends the user's sessions but the one given (a password changed in this session keeps it). */
export async function deleteOtherSessionsOfUser(db: Executor, userId: string, keepSessionId: string) {
  await db.deleteFrom('sessions').where('userId', '=', userId).where('id', '!=', keepSessionId).execute();
}

export async function insertUserToken(db: Executor, token: UserTokensTable) {
  await db.insertInto('userTokens').values(token).execute();
}

export function findUserToken(db: Executor, tokenHash: string) {
  return db.selectFrom('userTokens').selectAll().where('tokenHash', '=', tokenHash).executeTakeFirst();
}

/** Ends every unused link of the user (but `exceptId`): a newer link or a new password makes them worthless. */
export async function endUserTokens(db: Executor, userId: string, now: string, exceptId?: string) {
  let query = db.updateTable('userTokens').set({ usedAt: now }).where('userId', '=', userId).where('usedAt', 'is', null);
  if (exceptId) query = query.where('id', '!=', exceptId);
  await query.execute();
}

/** Marks a token used; false when it was already used (a concurrent second use loses). */
export async function consumeUserToken(db: Executor, id: string, now: string): Promise<boolean> {
  const result = await db.updateTable('userTokens').set({ usedAt: now }).where('id', '=', id).where('usedAt', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The company's current members (removed colleagues stay as authors of what they did, but are not members). */
export function listUsersOfCompany(db: Executor, companyId: string) {
  return db.selectFrom('users').selectAll().where('companyId', '=', companyId).where('disabledAt', 'is', null).orderBy('createdAt').execute();
}

export function listStaffUsers(db: Executor) {
  return db.selectFrom('users').selectAll().where('companyId', 'is', null).orderBy('createdAt').execute();
}

export async function deleteUser(db: Executor, userId: string) {
  await db.deleteFrom('users').where('id', '=', userId).execute();
}

export async function updateUserRole(db: Executor, userId: string, role: Role, now: string) {
  await db.updateTable('users').set({ role, updatedAt: now }).where('id', '=', userId).execute();
}

export async function disableUser(db: Executor, userId: string, now: string) {
  await db.updateTable('users').set({ disabledAt: now, updatedAt: now }).where('id', '=', userId).execute();
}

/**
 * Removes a colleague from their company without deleting the row their uploads and events point at:
 * the account is disabled and loses its password, and its e-mail and phone are freed (the address can
 * be invited again); the name stays, as the author of what they did.
 */
export async function retireUser(db: Executor, userId: string, now: string) {
  await db
    .updateTable('users')
    .set({ disabledAt: now, updatedAt: now, passwordHash: null, email: `removed-${userId}@removed.invalid`, phone: null })
    .where('id', '=', userId)
    .execute();
}

/** The company's active users (who get the e-mails about its submissions and bookings), with their language. */
export const listMailableUsers = (db: Executor, companyId: string) =>
  db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'language'])
    .where('companyId', '=', companyId)
    .where('disabledAt', 'is', null)
    .orderBy('createdAt')
    .execute();

/** The company's first admin account (its language is the company's: a staff admin's export of the company). */
export const findFirstCompanyAdmin = (db: Executor, companyId: string) =>
  db
    .selectFrom('users')
    .select(['id', 'language'])
    .where('companyId', '=', companyId)
    .where('role', '=', 'company_admin')
    .orderBy('createdAt')
    .orderBy('id')
    .executeTakeFirst();

/** Every user of the company, disabled ones too, oldest first (the back office's company page). */
export const listCompanyUsers = (db: Executor, companyId: string) =>
  db.selectFrom('users').selectAll().where('companyId', '=', companyId).orderBy('createdAt').execute();

/** The company's active users who have set a password (deadline reminders go to them). */
export const listActiveCompanyUsers = (db: Executor, companyId: string) =>
  db
    .selectFrom('users')
    .select(['id', 'email', 'language', 'name'])
    .where('companyId', '=', companyId)
    .where('disabledAt', 'is', null)
    .where('passwordHash', 'is not', null)
    .orderBy('createdAt')
    .execute();

/** Accounts by id: name, e-mail and company (the audit log names who acted and whom it concerns). */
export const listUserNames = (db: Executor, ids: readonly string[]) =>
  db.selectFrom('users').select(['id', 'name', 'email', 'companyId']).where('id', 'in', ids).execute();

/** The ids of the accounts of an address (the audit log's actor filter). */
export const listUserIdsByEmail = async (db: Executor, email: string) =>
  (await db.selectFrom('users').select('id').where('email', '=', email).execute()).map((r) => r.id);
