import type { SeedStep } from '../../db/seed-step';
import { DEMO_ACCOUNTS, findUserByEmail } from '../auth';
import { createStaffWithPassword } from './staff-accounts.service';

/** The demo's staff accounts, an admin and a reviewer (README.md states them). */
export const staffDemoSeed: SeedStep = {
  name: 'demo staff accounts',
  kind: 'demo',
  async run({ db }) {
    const k = db.kysely;
    if (await findUserByEmail(k, DEMO_ACCOUNTS.staffAdmin.email)) return;
    await createStaffWithPassword(
      { db: k },
      { email: DEMO_ACCOUNTS.staffAdmin.email, name: 'Staff Admin', role: 'staff_admin', password: DEMO_ACCOUNTS.staffAdmin.password },
    );
    await createStaffWithPassword(
      { db: k },
      { email: DEMO_ACCOUNTS.staffReviewer.email, name: 'Staff Reviewer', role: 'staff_reviewer', password: DEMO_ACCOUNTS.staffReviewer.password },
    );
  },
};
