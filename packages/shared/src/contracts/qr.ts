import { z } from 'zod';
import { InvoiceVerification } from './payments';
import { BookingVerification } from './bookings';

/** The path of the code check, shared by the API route and the web screen. */
export const QrCheckParams = z.object({ comId: z.uuid(), code: z.string().regex(/^[A-Za-z0-9_-]{16,100}$/) });

/** The kinds of printed QR code the portal issues and checks (DESIGN §8.1). */
export const QR_KINDS = ['receipt', 'booking', 'invoice', 'notes'] as const;
export type QrKind = (typeof QR_KINDS)[number];

/**
 * A genuine acknowledgement receipt: what anyone holding the paper may learn, nothing more
 * (company, book year, when it was accepted and how many files it covers).
 */
export const ReceiptVerification = z.object({
  kind: z.literal('receipt'),
  genuine: z.literal(true),
  companyNameLo: z.string(),
  companyNameEn: z.string(),
  bookYear: z.number().int(),
  acceptedAt: z.string(),
  fileCount: z.number().int().nonnegative(),
  /** the submission's filing reference (BS-2023-000123), printed on the receipt */
  reference: z.string().nullable().optional(),
});

/**
 * GET /qr/:comId/:code for a genuine code; an unknown or altered code is a 404 problem. Each kind
 * adds its view here (bookings: what the visitor sees and, for staff, the action they may take).
 */
export const QrCheckResult = z.discriminatedUnion('kind', [ReceiptVerification, InvoiceVerification, BookingVerification]);
export type QrCheckResult = z.infer<typeof QrCheckResult>;
export type ReceiptVerification = z.infer<typeof ReceiptVerification>;
