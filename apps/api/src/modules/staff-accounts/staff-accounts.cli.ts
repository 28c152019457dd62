import { parseArgs } from 'node:util';
import { ROLES } from '@bansi/shared';
import { z } from 'zod';
import type { CliCommand } from '../../db/seed-step';
import { createStaffWithPassword } from './staff-accounts.service';

/** `npm run staff:create -- --email a@b --name "…" --role staff_admin --password "…"` */
export const createStaffCommand: CliCommand = async ({ db }, args) => {
  const { values } = parseArgs({
    args,
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string', default: 'staff_reviewer' },
      password: { type: 'string' },
    },
  });
  if (!values.email || !values.name || !values.password)
    throw new Error('usage: staff:create --email <e-mail> --name <name> --role staff_admin|staff_reviewer --password <password>');
  const role = z.enum(ROLES).parse(values.role);
  await createStaffWithPassword({ db: db.kysely }, { email: values.email, name: values.name, role, password: values.password });
  console.log(`staff account created: ${values.email} (${role})`);
};
