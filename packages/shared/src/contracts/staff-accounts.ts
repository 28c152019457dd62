import { z } from 'zod';
import { LANGUAGES } from '../i18n';
import { ROLES } from '../roles';

/** A staff member as the back office's account list shows it. */
export const StaffAccount = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  pending: z.boolean().meta({ description: 'invited, has not set a password yet' }),
  disabled: z.boolean(),
  createdAt: z.string(),
});
export type StaffAccount = z.infer<typeof StaffAccount>;

export const CreateStaffAccountRequest = z.object({
  name: z.string().trim().min(1).max(120),
  email: z.email().max(254),
  role: z.enum(['staff_reviewer', 'staff_admin']),
  language: z.enum(LANGUAGES).default('lo'),
});
export type CreateStaffAccountRequest = z.infer<typeof CreateStaffAccountRequest>;
