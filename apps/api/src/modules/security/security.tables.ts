/**
 * Failed log-ins of one login (e-mail or phone, whether or not an account has it) from one client
 * address. `loginKey` is the SHA-256 of the normalised login, so the table holds no addresses in clear.
 */
export interface LoginFailuresTable {
  loginKey: string;
  address: string;
  failures: number;
  lockedUntil: string | null;
  updatedAt: string;
}

export interface SecurityTables {
  loginFailures: LoginFailuresTable;
}
