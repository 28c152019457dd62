// No zod here: the first page a visitor loads asks isStaffRole (docs/decisions/009).
export const ROLES = ['company_user', 'company_admin', 'staff_reviewer', 'staff_admin'] as const;
export type Role = (typeof ROLES)[number];

/** Who may call a route. Every API route declares one; there is no rule by URL. */
/** `account`: anyone signed in, company or staff (their own account's settings). */
export type Audience = 'public' | 'account' | 'company' | 'companyAdmin' | 'staff' | 'staffAdmin';

const allowed: Record<Audience, readonly Role[] | 'anyone'> = {
  public: 'anyone',
  account: ROLES,
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
