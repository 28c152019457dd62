import { z } from 'zod';

/** The last backup run (`npm run backup` or the nightly one), as the back office shows it. */
export const LastBackup = z.object({
  /** when it finished */
  at: z.string(),
  /** the archive's size in bytes (0 when it failed) */
  size: z.number().int(),
  result: z.enum(['ok', 'failed']),
  error: z.string().nullable(),
});
export type LastBackup = z.infer<typeof LastBackup>;

/** `backup` is null until the first run. */
export const LastBackupView = z.object({ backup: LastBackup.nullable() });
export type LastBackupView = z.infer<typeof LastBackupView>;
