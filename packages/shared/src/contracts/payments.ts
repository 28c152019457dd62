import { z } from 'zod';
import { Amount, Page, PageQuery } from './common';
import { ReviewEvent, SLIP_STATUSES } from './review-event';

/**
 * Service payment (DESIGN §4, §8.4, issue 15): the fee schedule, invoices, the LAO QR to pay them,
 * the bank's signed notification, transfer slips and receipts. Amounts are whole kip (LAK) everywhere.
 */

/** A whole number of kip (the one Amount schema), up to 10^12: fifty invoice lines still add up exactly. */
export const Lak = Amount.max(1_000_000_000_000, { error: 'amount_too_large' });
const PositiveLak = Lak.min(1);
const IsoDay = z.iso.date().meta({ description: 'YYYY-MM-DD (Asia/Vientiane)' });

export const INVOICE_STATUSES = ['open', 'paid', 'void'] as const;
export const InvoiceStatus = z.enum(INVOICE_STATUSES);
export type InvoiceStatus = z.infer<typeof InvoiceStatus>;

/** Services the fee schedule prices; the annual review fee is invoiced on a company's first submit. */
export const FEE_SERVICES = ['annual_review', 'notes_review'] as const;
export const FeeService = z.enum(FEE_SERVICES);
export type FeeService = z.infer<typeof FeeService>;

export const PAYMENT_METHODS = ['laoqr', 'slip'] as const;
export const PaymentMethod = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof PaymentMethod>;

export { SLIP_STATUSES } from './review-event';
export const SlipStatus = z.enum(SLIP_STATUSES);
export type SlipStatus = z.infer<typeof SlipStatus>;

/** The file slot a transfer slip is uploaded into (files owner kind 'invoice'). */
export const INVOICE_OWNER = 'invoice';
export const SLIP_SLOT = 'slip';

// --- fee schedule --------------------------------------------------------------------------------

export const FeeEntry = z.object({
  service: FeeService,
  /** a code of the `sizes` reference list (e.g. small) */
  sizeCode: z.string().min(1).max(40),
  amount: PositiveLak,
  effectiveFrom: IsoDay,
});
export type FeeEntry = z.infer<typeof FeeEntry>;

export const FeeRecord = FeeEntry.extend({ id: z.uuid(), current: z.boolean(), demo: z.boolean(), updatedAt: z.string() });
export type FeeRecord = z.infer<typeof FeeRecord>;
export const FeeSchedule = z.object({ items: z.array(FeeRecord) });
export type FeeSchedule = z.infer<typeof FeeSchedule>;
/** Sets the listed prices (a price for the same service, size and date is replaced). */
export const PutFeesBody = z.object({ items: z.array(FeeEntry).min(1).max(200) });
export type PutFeesBody = z.infer<typeof PutFeesBody>;

// --- invoices ------------------------------------------------------------------------------------

export const InvoiceLine = z.object({ description: z.string().trim().min(1).max(200), amount: PositiveLak });
export type InvoiceLine = z.infer<typeof InvoiceLine>;

export const InvoiceSlip = z.object({
  fileId: z.uuid(),
  fileName: z.string(),
  /** what the slip is, so the back office shows it in place (image preview or PDF viewer) */
  kind: z.enum(['pdf', 'jpeg', 'png']),
  status: SlipStatus,
  rejectReason: z.string().nullable(),
  uploadedAt: z.string(),
});
export type InvoiceSlip = z.infer<typeof InvoiceSlip>;

export const Invoice = z.object({
  id: z.uuid(),
  number: z.string().meta({ example: 'INV-2024-000123' }),
  status: InvoiceStatus,
  lines: z.array(InvoiceLine),
  total: Lak,
  currency: z.literal('LAK'),
  issuedAt: z.string(),
  dueDate: IsoDay,
  bookYear: z.number().int().nullable(),
  paidAt: z.string().nullable(),
  method: PaymentMethod.nullable(),
  voidReason: z.string().nullable(),
  slip: InvoiceSlip.nullable(),
  /** the latest reversed payment of the invoice: when and why (its receipt is kept, marked cancelled) */
  reversal: z.object({ reversedAt: z.string(), reason: z.string() }).nullable(),
  /** a paid invoice has a receipt PDF at /invoices/:id/receipt; after a reversal, the cancelled one */
  receipt: z.boolean(),
});
export type Invoice = z.infer<typeof Invoice>;

export const StaffInvoice = Invoice.extend({
  companyId: z.uuid(),
  companyNameLo: z.string(),
  companyNameEn: z.string(),
});
export type StaffInvoice = z.infer<typeof StaffInvoice>;
/**
 * One invoice as staff see it (GET /staff/invoices/:id and the answers of its actions): with the review timeline
 * of its slips, newest first — each upload, confirmation and rejection (the one review timeline, decision 270).
 */
export const StaffInvoiceDetail = StaffInvoice.extend({ reviewEvents: z.array(ReviewEvent) });
export type StaffInvoiceDetail = z.infer<typeof StaffInvoiceDetail>;

export const InvoiceListQuery = PageQuery.extend({ status: InvoiceStatus.optional() });
export const InvoiceList = Page(Invoice);
export type InvoiceList = z.infer<typeof InvoiceList>;

export const StaffInvoiceListQuery = PageQuery.extend({
  status: InvoiceStatus.optional(),
  companyId: z.uuid().optional(),
  year: z.coerce.number().int().min(2000).max(2100).optional(),
  /** only invoices with a transfer slip waiting for staff */
  slip: z.literal('pending').optional(),
  /** only open invoices past their due date (Vientiane day) */
  due: z.literal('overdue').optional(),
});
export const StaffInvoiceList = Page(StaffInvoice);
export type StaffInvoiceList = z.infer<typeof StaffInvoiceList>;

export const CreateInvoiceBody = z.object({
  companyId: z.uuid(),
  lines: z.array(InvoiceLine).min(1).max(50),
  dueDate: IsoDay,
});
export type CreateInvoiceBody = z.infer<typeof CreateInvoiceBody>;

export const VoidInvoiceBody = z.object({ reason: z.string().trim().min(3).max(500) });
export type VoidInvoiceBody = z.infer<typeof VoidInvoiceBody>;

/** A staff admin reverses the payment of a paid invoice (decision 120): the invoice is open again. */
export const ReverseInvoiceBody = z.object({ reason: z.string().trim().min(3).max(500) });
export type ReverseInvoiceBody = z.infer<typeof ReverseInvoiceBody>;

/**
 * Staff decide on a transfer slip: confirm it with the evidence read from the slip — the amount and the
 * day of the transfer; an amount other than the amount due is refused with the difference (decision 120) —
 * or reject it with a reason the company reads.
 */
export const ConfirmInvoiceBody = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('confirm'), amount: PositiveLak, transferDate: IsoDay }),
  z.object({ decision: z.literal('reject'), reason: z.string().trim().min(3).max(500) }),
]);
export type ConfirmInvoiceBody = z.infer<typeof ConfirmInvoiceBody>;

export const InvoiceQr = z.object({
  /** the EMVCo LAO QR payload (domain/lao-qr.ts) to draw as a QR code */
  payload: z.string(),
  expiresAt: z.string(),
});
export type InvoiceQr = z.infer<typeof InvoiceQr>;

// --- the bank's notification ---------------------------------------------------------------------

/** Header of a signed notification: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + raw body)>`. */
export const PAYMENT_SIGNATURE_HEADER = 'x-bansi-signature';
export const PAYMENT_SIGNATURE_TOLERANCE_SECONDS = 300;

export const PaymentNotification = z.object({
  provider: z.string().regex(/^[a-z0-9_-]{1,40}$/),
  transactionId: z.string().min(1).max(100),
  billNumber: z.string().min(1).max(25),
  amount: Lak,
  currency: z.string().regex(/^\d{3}$/, 'ISO 4217 numeric, 418 for LAK'),
  paidAt: z.iso.datetime({ offset: true }),
});
export type PaymentNotification = z.infer<typeof PaymentNotification>;

/** `reversed`: the invoice had a payment reversed; a later notification for it waits for staff, never applied by itself. */
export const NOTIFICATION_REASONS = ['unknown_bill', 'amount_mismatch', 'currency_mismatch', 'not_open', 'reversed'] as const;
export const NotificationReason = z.enum(NOTIFICATION_REASONS);
export type NotificationReason = z.infer<typeof NotificationReason>;

export const NotifyResult = z.object({
  outcome: z.enum(['matched', 'unmatched']),
  reason: NotificationReason.nullable(),
});
export type NotifyResult = z.infer<typeof NotifyResult>;

export const UnmatchedNotification = z.object({
  id: z.uuid(),
  provider: z.string(),
  transactionId: z.string(),
  billNumber: z.string(),
  amount: Lak,
  currency: z.string(),
  paidAt: z.string(),
  receivedAt: z.string(),
  reason: NotificationReason,
});
export type UnmatchedNotification = z.infer<typeof UnmatchedNotification>;
export const UnmatchedNotificationList = Page(UnmatchedNotification);

/**
 * Staff deal with an unmatched notification: apply it to the open invoice it was meant for (a
 * mistyped bill number; the amount must be that invoice's total) or dismiss it with a reason (a
 * refund, a payment for something else). Either way it leaves the list; both are audited.
 */
export const ResolveNotificationBody = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('apply'),
    invoiceNumber: z
      .string()
      .trim()
      .regex(/^INV-\d{4}-\d{6}$/),
  }),
  z.object({ action: z.literal('dismiss'), reason: z.string().trim().min(3).max(500) }),
]);
export type ResolveNotificationBody = z.infer<typeof ResolveNotificationBody>;
export type UnmatchedNotificationList = z.infer<typeof UnmatchedNotificationList>;

/** Staff, with PAYMENT_SIMULATOR=true outside production: the simulator bank pays an invoice by its number. */
export const SimulatePaymentBody = z.object({
  invoiceNumber: z
    .string()
    .trim()
    .regex(/^INV-\d{4}-\d{6}$/),
});
export type SimulatePaymentBody = z.infer<typeof SimulatePaymentBody>;

/** What the simulator did: a real signed notification, delivered to /payments/notify. */
export const SimulatedPayment = z.object({ transactionId: z.string(), result: NotifyResult });
export type SimulatedPayment = z.infer<typeof SimulatedPayment>;

/**
 * The test bank's wiring, for staff admins (decision 125): the key an instance made for itself is shown so a
 * test bank can sign with it; a configured key never leaves the server (`secret` null).
 */
export const WebhookSecretInfo = z.object({
  source: z.enum(['configured', 'generated']),
  secret: z.string().nullable(),
  /** the payment simulator is on (PAYMENT_SIMULATOR=true, not production) */
  simulator: z.boolean(),
});
export type WebhookSecretInfo = z.infer<typeof WebhookSecretInfo>;

/** What a scanned receipt QR code shows anyone holding the paper: which invoice, for whom, and that it is paid. */
export const InvoiceVerification = z.object({
  kind: z.literal('invoice'),
  genuine: z.literal(true),
  number: z.string(),
  companyNameLo: z.string(),
  companyNameEn: z.string(),
  total: Lak,
  status: InvoiceStatus,
  paidAt: z.string().nullable(),
  /** the payment this receipt stands for was reversed: when and why (the receipt is cancelled) */
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
});
export type InvoiceVerification = z.infer<typeof InvoiceVerification>;
