import type { SeedStep } from '../../db/seed-step';
import { DEMO_ACCOUNTS } from '../../db/demo-accounts';
import { accountsPort } from '../../lib/accounts';
import { createStaffWithPassword } from './staff-accounts.service';

/** The demo's staff accounts, an admin and a reviewer (README.md states them). */
export const staffDemoSeed: SeedStep = {
  name: 'demo staff accounts',
  kind: 'demo',
  async run({ db }) {
    const k = db.kysely;
    if (await accountsPort.use().findUserByEmail(k, DEMO_ACCOUNTS.staffAdmin.email)) return;
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
