import { newId, nowIso } from '../../lib/crypto';
import type { SeedStep } from '../../db/seed-step';
import { listFees, upsertFee } from './payments.repository';

/**
 * DEMO PRICES — invented for the demonstration, not the service's tariff. Each row is stored with
 * `demo = 1` and the fee editor marks it as a demo price until a staff admin sets a real one.
 */
export const DEMO_FEES: readonly { service: 'annual_review' | 'notes_review'; sizeCode: string; amount: number }[] = [
  { service: 'annual_review', sizeCode: 'micro', amount: 500_000 },
  { service: 'annual_review', sizeCode: 'small', amount: 1_500_000 },
  { service: 'annual_review', sizeCode: 'medium', amount: 3_000_000 },
  { service: 'annual_review', sizeCode: 'large', amount: 6_000_000 },
  { service: 'notes_review', sizeCode: 'micro', amount: 300_000 },
  { service: 'notes_review', sizeCode: 'small', amount: 800_000 },
  { service: 'notes_review', sizeCode: 'medium', amount: 1_600_000 },
  { service: 'notes_review', sizeCode: 'large', amount: 3_200_000 },
];

/** Demo only, and only into an empty fee schedule (never over what staff admins entered). */
export const paymentsDemoSeed: SeedStep = {
  name: 'payments-demo-fees',
  kind: 'demo',
  async run({ db }) {
    if ((await listFees(db.kysely)).length > 0) return;
    const now = nowIso();
    for (const fee of DEMO_FEES) {
      await upsertFee(db.kysely, { id: newId(), ...fee, effectiveFrom: '2020-01-01', demo: 1, updatedBy: null, createdAt: now, updatedAt: now });
    }
  },
};
