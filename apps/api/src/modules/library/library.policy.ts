import { isStaffRole } from '@bansi/shared';
import type { Principal } from '../../plugins/access';
import type { LibraryDocumentsTable } from './library.tables';

/** Staff read every document; company users only published ones (others answer 404, not 403). */
export function canReadDocument(principal: Principal | null, doc: LibraryDocumentsTable): boolean {
  if (!principal) return false;
  if (isStaffRole(principal.role)) return true;
  return doc.published === 1;
}

/** Only staff admins publish, edit and add versions (the route audience says the same). */
export const canManageLibrary = (principal: Principal | null) => principal?.role === 'staff_admin';
