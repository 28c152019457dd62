import type { CliCommand } from '../db/seed-step';
import { createStaffCommand } from './staff-accounts';
import { importVillagesCommand } from './reference';
import { backupCommand } from './backup';

/** Commands features add to the operator CLI (e.g. staff:create, villages:import). */
export const cliCommands: Record<string, CliCommand> = {
  'villages:import': importVillagesCommand,
  'staff:create': createStaffCommand,
  backup: backupCommand,
};
