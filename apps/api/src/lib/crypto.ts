import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random token of 256 bits, URL-safe. */
export const randomToken = () => randomBytes(32).toString('base64url');

/** Hex SHA-256 of a string: the one-shot `crypto.hash` (Node ≥ 20.12), a third of a Hash object's cost for a session token. */
export const sha256 = (value: string) => hash('sha256', value, 'hex');

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export const newId = () => crypto.randomUUID();
export const nowIso = () => new Date().toISOString();
export const addMs = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();
