import { BackupPaths, type LastBackupView } from '@bansi/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { auditKeys } from './keys';

/** The last backup's time, size and result (staff admins). */
export const useLastBackup = () => useQuery({ queryKey: auditKeys.lastBackup, queryFn: () => api<LastBackupView>(BackupPaths.last) });
