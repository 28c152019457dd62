import { createHmac, timingSafeEqual } from 'node:crypto';
import { PAYMENT_SIGNATURE_TOLERANCE_SECONDS } from '@bansi/shared';

/**
 * The one signature scheme of Bansi's webhooks (DESIGN §8.4), both ways: the bank's notifications to us
 * (payments verifies them) and our outgoing events to a customer's URL (webhooks signs them).
 * `X-Bansi-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + raw body)>`, compared in
 * constant time, refused outside ±300 s.
 */

const hmac = (secret: string, t: string, rawBody: string) => createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex');

export function signBody(secret: string, rawBody: string, nowSeconds = Math.floor(Date.now() / 1000)): string {
  const t = String(nowSeconds);
  return `t=${t},v1=${hmac(secret, t, rawBody)}`;
}

/** True when the header carries a v1 signature of this body by `secret`, made within the tolerance. */
export function verifySignature(secret: string, header: string | undefined, rawBody: string, nowSeconds = Math.floor(Date.now() / 1000)): boolean {
  if (!secret || !header) return false;
  let t: string | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === 't') t = value;
    else if (key === 'v1' && value) signatures.push(value);
  }
  if (!t || !/^\d{1,12}$/.test(t) || Math.abs(nowSeconds - Number(t)) > PAYMENT_SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(hmac(secret, t, rawBody), 'hex');
  return signatures.some((s) => {
    if (!/^[0-9a-f]{64}$/i.test(s)) return false;
    return timingSafeEqual(Buffer.from(s, 'hex'), expected);
  });
}
