import type { Generated, Selectable } from 'kysely';
import type { Language, Role } from '@bansi/shared';

export interface UsersTable {
  id: string;
  /** null for staff */
  companyId: string | null;
  /** stored lower-case */
  email: string;
  phone: string | null;
  name: string;
  passwordHash: string | null;
  role: Role;
  language: Language;
  failedLogins: Generated<number>;
  lockedUntil: string | null;
  disabledAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface SessionsTable {
  id: string;
  userId: string;
  /** SHA-256 of the cookie token; the token itself is never stored */
  tokenHash: string;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  userAgent: string | null;
}

/** Single-use links: password reset and invitations. Only the token's hash is kept. */
export interface UserTokensTable {
  id: string;
  kind: 'reset' | 'invite';
  userId: string;
  tokenHash: string;
  expiresAt: string;
  usedAt: string | null;
  createdAt: string;
}

export interface AuthTables {
  users: UsersTable;
  sessions: SessionsTable;
  userTokens: UserTokensTable;
}

export type UserRow = Selectable<UsersTable>;
