import { isStaffRole } from '@bansi/shared';
import type { Principal } from '../../plugins/access';
import type { FilesTable } from './files.tables';

/** Staff read every file; a company user only their own company's (anything else is "not found"). */
export function canReadFile(principal: Principal, file: Pick<FilesTable, 'companyId'>): boolean {
  return isStaffRole(principal.role) || (principal.companyId !== null && principal.companyId === file.companyId);
}
