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
/** GET /auth/session/current: the session, or null for a visitor — never an error (decision 144). */
export const CurrentSession = z.object({ session: Session.nullable() });
export type CurrentSession = z.infer<typeof CurrentSession>;

/** The language a signed-in user chose in the app: kept on the account for mails, PDFs, calendar files and CSVs. */
export const LanguageRequest = z.object({ language: z.enum(LANGUAGES) });
export type LanguageRequest = z.infer<typeof LanguageRequest>;

export const ForgotPasswordRequest = z.object({ email: z.email().max(254) });
export const ResetPasswordRequest = z.object({ token: z.string().min(20).max(200), password: Password });

/** A signed-in account's new password: the current one proves it is the owner at the keyboard. */
export const ChangePasswordRequest = z.object({ currentPassword: z.string().min(1).max(PASSWORD_MAX), password: Password });
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

/** Why the password rule refuses a new password (domain/password-strength.ts). */
export const PasswordProblem = z.enum(['too_short', 'too_long', 'weak']);
export type PasswordProblem = z.infer<typeof PasswordProblem>;

/**
 * The strength meter's question (POST /auth/password-check): how the one password rule judges a new
 * password, asked of the API so that no browser downloads the rule's dictionaries (decision 143).
 */
export const PasswordCheckRequest = z.object({
  // Longer than the rule allows, so the answer can say "too long" (the rule counts characters, not UTF-16 units).
  password: z.string().max(PASSWORD_MAX * 4),
  personal: z
    .array(z.string().max(300))
    .max(8)
    .default([])
    .meta({ description: "the user's own words typed so far (name, e-mail, company names, tax ID): a password built on them is refused" }),
  token: z
    .string()
    .min(20)
    .max(200)
    .optional()
    .meta({ description: "a reset or invitation link's token: its account's own words count too, as when the password is set" }),
});
export type PasswordCheckRequest = z.input<typeof PasswordCheckRequest>;
export const PasswordCheck = z.object({
  problem: PasswordProblem.nullable().meta({ description: 'null: the password would be accepted' }),
  score: z.number().int().min(0).max(4).meta({ description: "zxcvbn's 0..4; 4 is needed" }),
});
export type PasswordCheck = z.infer<typeof PasswordCheck>;
export const Accepted = z.object({ accepted: z.literal(true) });
export type Accepted = z.infer<typeof Accepted>;
