import { randomBytes } from 'node:crypto';
import type { Deps } from '../../lib/deps';
import { findInstanceSecret, insertInstanceSecretIfAbsent } from './payments.webhook-secret.repository';

/**
 * The key the bank signs payment notifications with (decision 125). The source holds none: production
 * refuses to start without PAYMENT_WEBHOOK_SECRET (config.ts); any other instance started without one makes
 * a random 32-byte key at its first start and keeps it in the database, where it survives restarts and
 * every process of a cluster finds the same one. Staff admins read it on the invoices screen to wire a test
 * bank (or the simulator) to this instance.
 */
export interface WebhookSecret {
  value: string;
  /** from the configuration, or made by this instance */
  source: 'configured' | 'generated';
}

const NAME = 'payment_webhook';

export async function webhookSecret(deps: Pick<Deps, 'db' | 'config'>): Promise<WebhookSecret> {
  const configured = deps.config.PAYMENT_WEBHOOK_SECRET;
  if (configured) return { value: configured, source: 'configured' };
  // loadConfig already refuses this; never fall back to a made-up key in production
  if (deps.config.NODE_ENV === 'production') throw new Error('PAYMENT_WEBHOOK_SECRET: required in production');
  const kept = await findInstanceSecret(deps.db, NAME);
  if (kept) return { value: kept, source: 'generated' };
  // Two processes starting at once both try; the primary key keeps the first, and both read that one back.
  await insertInstanceSecretIfAbsent(deps.db, NAME, randomBytes(32).toString('hex'), new Date().toISOString());
  const value = await findInstanceSecret(deps.db, NAME);
  if (!value) throw new Error('the payment webhook secret was not kept');
  return { value, source: 'generated' };
}
