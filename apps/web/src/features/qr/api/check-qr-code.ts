import type { QrCheckResult } from '@bansi/shared';
import { QrPaths } from '@bansi/shared/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** What a printed QR code is (GET /qr/:comId/:code); an unknown or altered code is a 404 ApiError. */
export const checkQrCode = (comId: string, code: string, signal?: AbortSignal) => api<QrCheckResult>(QrPaths.check(comId, code), { signal });

export const qrCheckQueryOptions = (comId: string, code: string) =>
  queryOptions({ queryKey: ['qr', comId, code], queryFn: ({ signal }) => checkQrCode(comId, code, signal), staleTime: 60_000 });

export const useQrCheck = (comId: string, code: string) => useQuery(qrCheckQueryOptions(comId, code));
