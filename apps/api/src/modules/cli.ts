import type { SeedContext } from '../db/seed';
import { createStaffCommand } from './staff-accounts/staff-accounts.cli';
import { importVillagesCommand } from './reference/reference.seed';
import { backupCommand } from './backup/backup.cli';

export type CliCommand = (ctx: SeedContext, args: string[]) => Promise<void>;

/** Commands features add to the operator CLI (e.g. staff:create, villages:import). */
export const cliCommands: Record<string, CliCommand> = {
  'villages:import': importVillagesCommand,
  'staff:create': createStaffCommand,
  backup: backupCommand,
};
