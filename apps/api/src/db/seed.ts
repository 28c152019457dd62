import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { FileStore } from '../lib/file-store';
import type { Db } from './index';
import { accountsDemoSeed } from '../modules/companies/companies.seed';
import { contentDemoSeed } from '../modules/content/content.seed';
import { referenceSeed } from '../modules/reference/reference.seed';
import { officialHolidaysSeed } from '../modules/bookings/bookings.seed';
import { librarySeed } from '../modules/library/library.seed';
import { libraryDemoSeed } from '../modules/library/library.demo';
import { smeThresholdsSeed } from '../modules/sme-thresholds/sme-thresholds.seed';
import { submissionsDemoSeed } from '../modules/submissions/submissions.seed';
import { backofficeDemoSeed } from '../modules/backoffice/backoffice.seed';
import { paymentsDemoSeed } from '../modules/payments/payments.seed';
import { notesDemoSeed } from '../modules/notes/notes.seed';

export interface SeedContext {
  db: Db;
  config: Config;
  /** the process's file store (server.ts passes the app's); seeds that store files make one from config otherwise */
  store?: FileStore;
  /** where a step reports what it did or could not do (server.ts passes the app's logger) */
  log?: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

/**
 * A seed step. `reference` steps run on every start and must be idempotent (they insert the
 * defaults that are missing and never overwrite what staff edited); `demo` steps run only when
 * SEED_DEMO is on and only into an empty database.
 */
export interface SeedStep {
  name: string;
  kind: 'reference' | 'demo';
  run(ctx: SeedContext): Promise<void>;
}

export const seedSteps: SeedStep[] = [
  referenceSeed,
  officialHolidaysSeed,
  accountsDemoSeed,
  librarySeed,
  libraryDemoSeed,
  contentDemoSeed,
  smeThresholdsSeed,
  submissionsDemoSeed,
  // the fee schedule before the demo companies submit: their first submit bills the annual review fee
  paymentsDemoSeed,
  backofficeDemoSeed,
  notesDemoSeed,
];

export async function runSeeds(ctx: SeedContext, { demo }: { demo: boolean }): Promise<string[]> {
  const ran: string[] = [];
  for (const step of seedSteps) {
    if (step.kind === 'demo' && !demo) continue;
    await step.run(ctx);
    ran.push(step.name);
  }
  return ran;
}
