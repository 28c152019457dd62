/**
 * The API keys of the service's own software (issue 32, decision 240). The key itself is never stored:
 * only its SHA-256 (`key_hash`, unique: the one look-up per request) and its first characters (`prefix`).
 */
export interface ApiKeysTable {
  id: string;
  name: string;
  prefix: string;
  keyHash: string;
  /** JSON array of ApiKeyScope */
  scopes: string;
  /** the staff admin who created it (no foreign key: the list outlives the account) */
  createdBy: string;
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  lastUsedAddress: string | null;
  revokedAt: string | null;
  revokedBy: string | null;
}

/** Every address a key has been used from (append-only): a use from one not listed is audited once. */
export interface ApiKeyAddressesTable {
  keyId: string;
  address: string;
  firstSeenAt: string;
}

export interface ApiKeysTables {
  apiKeys: ApiKeysTable;
  apiKeyAddresses: ApiKeyAddressesTable;
}
