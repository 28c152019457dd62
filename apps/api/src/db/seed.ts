import type { SeedContext, SeedStep } from './seed-step';
import { accountsDemoSeed } from '../modules/companies/companies.seed';
import { staffDemoSeed } from '../modules/staff-accounts/staff-accounts.seed';
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

export type { SeedContext, SeedStep } from './seed-step';

export const seedSteps: SeedStep[] = [
  referenceSeed,
  officialHolidaysSeed,
  accountsDemoSeed,
  staffDemoSeed,
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
