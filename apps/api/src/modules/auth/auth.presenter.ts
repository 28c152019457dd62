import type { Session } from '@bansi/shared';
import type { UsersTable } from './auth.tables';

export function presentSession(
  user: Pick<UsersTable, 'id' | 'email' | 'phone' | 'name' | 'role' | 'language'>,
  company: { id: string; nameLo: string; nameEn: string } | null,
  expiresAt: string,
): Session {
  return {
    user: { id: user.id, email: user.email, phone: user.phone, name: user.name, role: user.role, language: user.language },
    company,
    expiresAt,
  };
}
