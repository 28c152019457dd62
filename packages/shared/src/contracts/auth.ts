import { z } from 'zod';
import { LANGUAGES } from '../i18n';
import { ROLES } from '../roles';

export const CsrfToken = z.object({ token: z.string() });

/** NIST SP 800-63B: at least 8 characters, at least 64 allowed, no composition rules. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const Password = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);

export const LoginRequest = z.object({
  login: z.string().trim().min(1).max(254).meta({ description: 'e-mail address or phone number' }),
  password: z.string().min(1).max(PASSWORD_MAX),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const SessionUser = z.object({
  id: z.uuid(),
  email: z.string(),
  phone: z.string().nullable(),
  name: z.string(),
  role: z.enum(ROLES),
  language: z.enum(LANGUAGES),
});

export const Session = z.object({
  user: SessionUser,
  company: z.object({ id: z.uuid(), nameLo: z.string(), nameEn: z.string() }).nullable(),
  expiresAt: z.string(),
});
export type Session = z.infer<typeof Session>;

export const ForgotPasswordRequest = z.object({ email: z.email().max(254) });
export const ResetPasswordRequest = z.object({ token: z.string().min(20).max(200), password: Password });
export const Accepted = z.object({ accepted: z.literal(true) });
export type Accepted = z.infer<typeof Accepted>;
