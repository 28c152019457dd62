import { z } from 'zod';

export const Role = z.enum(['company_user', 'company_admin', 'staff_reviewer', 'staff_admin']);
export type Role = z.infer<typeof Role>;

/** Who may call a route. Every API route declares one; there is no rule by URL. */
export const Audience = z.enum(['public', 'company', 'companyAdmin', 'staff', 'staffAdmin']);
export type Audience = z.infer<typeof Audience>;

const allowed: Record<Audience, readonly Role[] | 'anyone'> = {
  public: 'anyone',
  company: ['company_user', 'company_admin'],
  companyAdmin: ['company_admin'],
  staff: ['staff_reviewer', 'staff_admin'],
  staffAdmin: ['staff_admin'],
};

export function audienceAllows(audience: Audience, role: Role | null): boolean {
  const roles = allowed[audience];
  return roles === 'anyone' || (role !== null && roles.includes(role));
}

export const isStaffRole = (role: Role) => role === 'staff_reviewer' || role === 'staff_admin';
