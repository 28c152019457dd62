import { z } from 'zod';

export const ProviderInfo = z.object({
  nameLo: z.string(),
  nameEn: z.string(),
  descriptionLo: z.string(),
  descriptionEn: z.string(),
  phones: z.array(z.string()).length(3),
  email: z.string(),
  hours: z.object({ from: z.string(), to: z.string() }),
  copyrightYear: z.number().int(),
  copyrightHolder: z.string(),
});
export type ProviderInfo = z.infer<typeof ProviderInfo>;

/** GET on the API base: what this API is and what it serves. */
export const ApiIndex = z.object({
  name: z.string(),
  version: z.string(),
  year: z.number().int(),
  bookYear: z.number().int(),
  provider: ProviderInfo,
  links: z.record(z.string(), z.string()),
});
export type ApiIndex = z.infer<typeof ApiIndex>;

export const Health = z.object({ status: z.literal('ok') });
