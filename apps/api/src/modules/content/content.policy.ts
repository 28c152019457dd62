import { isStaffRole } from '@bansi/shared';
import type { Principal } from '../../plugins/access';

/**
 * Whom a reader is, as far as notification audiences go: a visitor (and staff on the public site)
 * sees public notifications; a company user also those addressed to every company, to their
 * company's category, size or province, or to their company alone.
 */
export type AudienceTarget =
  { kind: 'visitor' } | { kind: 'company'; companyId: string; categoryId: string | null; sizeId: string | null; provinceCode: string | null };

export const VISITOR: AudienceTarget = { kind: 'visitor' };

/** Whether this caller reads notifications as a company user (with read receipts). */
export const readsAsCompany = (principal: Principal | null): principal is Principal & { companyId: string } =>
  !!principal && !isStaffRole(principal.role) && !!principal.companyId;
