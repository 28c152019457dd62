import { type Company, CompanyPaths, type UpdateCompanyRequest } from '@bansi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { myCompanyQueryOptions } from '../../../api/get-my-company';

export const updateMyCompany = (body: z.input<typeof UpdateCompanyRequest>) => api<Company>(CompanyPaths.me, { method: 'PATCH', body });

/** Saves the profile and signatories; the answer is the company as stored. The session names the company, so it is asked again. */
export function useUpdateMyCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMyCompany,
    onSuccess: async (company) => {
      queryClient.setQueryData(myCompanyQueryOptions().queryKey, company);
      await queryClient.invalidateQueries({ queryKey: ['session'] });
    },
  });
}
