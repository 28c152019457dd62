import type { Accounts } from '../../lib/accounts';
import {
  deleteSessionsOfUser,
  disableUser,
  endUserTokens,
  findUserByEmail,
  findUserById,
  findUserByPhone,
  insertUser,
  listStaffUsers,
  listUsersOfCompany,
  retireUser,
} from './auth.repository';
import { createInvitedUser, tellOwnerAddressInUse } from './auth.service';

/** The accounts as the other core modules reach them through the composition (lib/accounts.ts, decision 221). */
export const accounts: Accounts = {
  findUserById,
  findUserByEmail,
  findUserByPhone,
  insertUser,
  listUsersOfCompany,
  listStaffUsers,
  retireUser,
  disableUser,
  deleteSessionsOfUser,
  endUserTokens,
  createInvitedUser,
  tellOwnerAddressInUse,
};
