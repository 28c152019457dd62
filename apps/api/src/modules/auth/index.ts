/** The public face of the auth module: other modules import only what is exported here (decision 197). */
export { accounts } from './auth.accounts';
export { sessionCompanies } from './auth.company';
export {
  deleteSessionsOfUser,
  disableUser,
  endUserTokens,
  findFirstCompanyAdmin,
  findUserByEmail,
  findUserById,
  findUserByPhone,
  insertUser,
  listActiveCompanyUsers,
  listCompanyUsers,
  listMailableUsers,
  listStaffUsers,
  listUsersOfCompany,
  retireUser,
} from './auth.repository';
export { createInvitedUser, tellOwnerAddressInUse } from './auth.service';
export type { UserRow } from './auth.tables';
export { default as authRoutes } from './auth.routes';
export { auditActors, nameUsers } from './auth.audit-names';
