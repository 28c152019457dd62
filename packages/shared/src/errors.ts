import { z } from 'zod';

/**
 * Every error the API can answer with. The web app shows `t('errors.' + code)`,
 * so each code has a key in both locale files (checked by the i18n test).
 */
export const ErrorCode = z.enum([
  'VALIDATION',
  'BAD_REQUEST',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'CSRF',
  'NOT_FOUND',
  'CONFLICT',
  'STALE',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RANGE_NOT_SATISFIABLE',
  'RATE_LIMITED',
  'INVALID_CREDENTIALS',
  'ACCOUNT_LOCKED',
  'EMAIL_TAKEN',
  'PHONE_TAKEN',
  'TIN_TAKEN',
  'WEAK_PASSWORD',
  'WRONG_PASSWORD',
  'TOKEN_INVALID',
  'SCOPE_MISSING',
  'SUBMISSION_LOCKED',
  'SUBMISSION_CLOSED',
  'NOTES_LOCKED',
  'NOTES_NOT_SUBMITTED',
  'INVALID_TRANSITION',
  'SIZE_DETERMINED',
  'CHECKS_FAILED',
  'CHECKS_WARNINGS',
  'NOT_READY',
  'SLOT_FULL',
  'BOOKING_DUPLICATE',
  'BOOKING_CUTOFF',
  'HOLIDAY_HAS_BOOKINGS',
  'INVOICE_NOT_OPEN',
  'SLIP_NOT_PENDING',
  'SLIP_AMOUNT_MISMATCH',
  'INVOICE_NOT_PAID',
  'PAYMENT_NOTIFICATION_RESOLVED',
  'PAYMENT_AMOUNT_MISMATCH',
  'PAYMENT_SIGNATURE',
  'JOB_NOT_FAILED',
  'WEBHOOK_URL_NOT_HTTPS',
  'WEBHOOK_DELIVERY_PENDING',
  'INTERNAL',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

export const FieldError = z.object({
  path: z.string().meta({ description: 'dot path of the field, e.g. company.tin' }),
  code: z.string().meta({ description: 'machine code of the issue, e.g. too_small' }),
  message: z.string(),
});
export type FieldError = z.infer<typeof FieldError>;

/** RFC 9457 problem details, as every error response of the API. */
export const Problem = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  instance: z.string().optional(),
  code: ErrorCode,
  requestId: z.string().optional(),
  errors: z.array(FieldError).optional(),
});
export type Problem = z.infer<typeof Problem>;

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';
