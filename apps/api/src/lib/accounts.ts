import type { Language, Role } from '@bansi/shared';
import type { Selectable } from 'kysely';
import type { Database } from '../db/schema';
import type { Deps, Executor } from './deps';
import { definePort } from './port';

/** A row of the users table, which the auth module owns. */
export type UserRow = Selectable<Database['users']>;

/**
 * The user accounts as the other core modules use them (companies' members, staff accounts, the reviewers'
 * names): the auth module owns the users, sessions and links, and implements this (`accounts` on its face).
 */
export interface Accounts {
  findUserById(db: Executor, id: string): Promise<UserRow | undefined>;
  findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined>;
  findUserByPhone(db: Executor, phone: string): Promise<UserRow | undefined>;
  insertUser(db: Executor, user: Omit<Database['users'], 'failedLogins'>): Promise<void>;
  /** the company's current members */
  listUsersOfCompany(db: Executor, companyId: string): Promise<UserRow[]>;
  listStaffUsers(db: Executor): Promise<UserRow[]>;
  /** a colleague leaves the company: disabled, password and addresses freed, the name kept */
  retireUser(db: Executor, userId: string, now: string): Promise<void>;
  disableUser(db: Executor, userId: string, now: string): Promise<void>;
  deleteSessionsOfUser(db: Executor, userId: string): Promise<void>;
  endUserTokens(db: Executor, userId: string, now: string, exceptId?: string): Promise<void>;
  /** an account without a password, mailed a link to set one, in the caller's transaction */
  createInvitedUser(
    deps: Deps,
    trx: Executor,
    user: { companyId: string | null; email: string; name: string; role: Role; language: Language },
    mailVars: { inviter: string; company: string },
  ): Promise<UserRow>;
  /** tells the owner of an address that someone tried to use it (the API answers as if it had worked) */
  tellOwnerAddressInUse(
    deps: Deps,
    owner: { email: string; name: string; language: Language; disabledAt: string | null },
    trx?: Executor,
  ): Promise<void>;
}

/**
 * Core modules do not import each other (decision 221): companies, staff-accounts and review reach the
 * accounts through this port, which the composition (modules/providers.ts) gives auth's `accounts`.
 */
export const accountsPort = definePort<Accounts>('the user accounts');
