import { randomBytes } from 'node:crypto';
import {
  API_KEY_PATTERN,
  type ApiKey,
  type ApiKeyScope,
  type CreateApiKeyRequest,
  type CreatedApiKey,
  type FieldError,
  type Language,
} from '@bansi/shared';
import type { Actor } from '../../lib/actor';
import { newId, nowIso, sha256 } from '../../lib/crypto';
import { accountsPort } from '../../lib/accounts';
import type { Deps, Executor } from '../../lib/deps';
import { invalid, notFound } from '../../lib/errors';
import { recordAudit } from '../audit';
import { findApiKey, findApiKeyByHash, insertApiKey, listApiKeyRows, markRevoked, rememberAddress, touchApiKey } from './api-keys.repository';
import type { ApiKeysTable } from './api-keys.tables';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 62^43 > 2^256: 43 digits hold any 32 bytes. */
const KEY_DIGITS = 43;
/** how many characters of the key the list shows: `bansi_` and 6 more */
const PREFIX_LENGTH = 12;
/** a key's last use is written at most this often, and at once from a new address (one row update per request otherwise) */
const TOUCH_EVERY_MS = 60_000;
/**
 * `<key id> <address>` pairs this process knows are in `api_key_addresses`. The list is append-only, so a
 * pair once known stays true in every process: this only spares the insert; cleared when it grows large.
 */
const knownAddresses = new Set<string>();
const KNOWN_ADDRESSES_MAX = 10_000;

/** `bansi_` + 32 random bytes in base62. */
export function newApiKeyText(): string {
  let n = BigInt(`0x${randomBytes(32).toString('hex')}`);
  let digits = '';
  for (let i = 0; i < KEY_DIGITS; i++) {
    digits = BASE62[Number(n % 62n)] + digits;
    n /= 62n;
  }
  return `bansi_${digits}`;
}

/** The names of the staff members who made keys, by id: the accounts are auth's, a module of this floor (a port, decision 221). */
async function staffNames(db: Executor, ids: string[]): Promise<Map<string, string>> {
  const users = await Promise.all(ids.map((id) => accountsPort.use().findUserById(db, id)));
  return new Map(users.flatMap((u) => (u ? [[u.id, u.name] as const] : [])));
}

function present(row: ApiKeysTable, names: Map<string, string>): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: JSON.parse(row.scopes) as ApiKeyScope[],
    createdBy: { id: row.createdBy, name: names.get(row.createdBy) ?? null },
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    lastUsedAt: row.lastUsedAt,
    lastUsedAddress: row.lastUsedAddress,
    revokedAt: row.revokedAt,
  };
}

export async function listApiKeys(deps: Deps): Promise<ApiKey[]> {
  const rows = await listApiKeyRows(deps.db);
  const names = await staffNames(deps.db, [...new Set(rows.map((r) => r.createdBy))]);
  return rows.map((r) => present(r, names));
}

/** Creates a key; the answer is the only place its text ever appears (the database keeps its hash). */
export async function createApiKey(deps: Deps, lang: Language, actor: Actor & { userId: string }, body: CreateApiKeyRequest): Promise<CreatedApiKey> {
  const now = nowIso();
  const expiresAt = body.expiresAt ? new Date(body.expiresAt).toISOString() : null;
  if (expiresAt !== null && expiresAt <= now) {
    const error: FieldError = { path: 'body.expiresAt', code: 'in_the_past', message: deps.t(lang, 'errors.field.expiry_in_the_past') };
    throw invalid([error]);
  }
  const key = newApiKeyText();
  const row: ApiKeysTable = {
    id: newId(),
    name: body.name,
    prefix: key.slice(0, PREFIX_LENGTH),
    keyHash: sha256(key),
    scopes: JSON.stringify(body.scopes),
    createdBy: actor.userId,
    createdAt: now,
    expiresAt,
    lastUsedAt: null,
    lastUsedAddress: null,
    revokedAt: null,
    revokedBy: null,
  };
  await deps.db.transaction().execute(async (trx) => {
    await insertApiKey(trx, row);
    await recordAudit(
      trx,
      actor,
      'api_key.create',
      { kind: 'api_key', id: row.id },
      { details: { name: row.name, prefix: row.prefix, scopes: body.scopes, expiresAt } },
    );
  });
  const names = await staffNames(deps.db, [actor.userId]);
  return { ...present(row, names), key };
}

/** Revokes a key: the next request with it, in any process, is refused (every request reads the key's row). */
export async function revokeApiKey(deps: Deps, actor: Actor & { userId: string }, id: string): Promise<ApiKey> {
  await deps.db.transaction().execute(async (trx) => {
    const row = await findApiKey(trx, id);
    if (!row) throw notFound();
    if (!(await markRevoked(trx, id, nowIso(), actor.userId))) return;
    await recordAudit(trx, actor, 'api_key.revoke', { kind: 'api_key', id }, { details: { name: row.name, prefix: row.prefix } });
  });
  const row = await findApiKey(deps.db, id);
  return present(row!, await staffNames(deps.db, [row!.createdBy]));
}

/** A live key, as a request's principal carries it. */
export interface ApiKeyCaller {
  id: string;
  createdBy: string;
  scopes: ApiKeyScope[];
}

/**
 * The live key a request presents, or null for a wrong, revoked or expired one — told apart by nobody:
 * each costs the same one look-up by hash (a text not shaped like a key is hashed and looked up too).
 * A use from an address the key was never used from is audited, once (`api_key_addresses`).
 */
export async function authenticateApiKey(deps: Deps, key: string, address: string | null, requestId: string): Promise<ApiKeyCaller | null> {
  const row = await findApiKeyByHash(deps.db, sha256(key));
  const now = nowIso();
  if (!row || !API_KEY_PATTERN.test(key) || row.revokedAt !== null || (row.expiresAt !== null && row.expiresAt <= now)) return null;
  const pair = `${row.id} ${address ?? ''}`;
  const known = address === null || knownAddresses.has(pair);
  const stale = row.lastUsedAt === null || Date.parse(now) - Date.parse(row.lastUsedAt) > TOUCH_EVERY_MS;
  if (!known || stale) {
    await deps.db.transaction().execute(async (trx) => {
      await touchApiKey(trx, row.id, now, address);
      if (known || !(await rememberAddress(trx, row.id, address, now))) return;
      const actor: Actor = { userId: null, role: 'system', companyId: null, requestId, address };
      await recordAudit(
        trx,
        actor,
        'api_key.new_address',
        { kind: 'api_key', id: row.id },
        { details: { name: row.name, prefix: row.prefix, address } },
      );
    });
    if (!known) {
      if (knownAddresses.size >= KNOWN_ADDRESSES_MAX) knownAddresses.clear();
      knownAddresses.add(pair);
    }
  }
  return { id: row.id, createdBy: row.createdBy, scopes: JSON.parse(row.scopes) as ApiKeyScope[] };
}
