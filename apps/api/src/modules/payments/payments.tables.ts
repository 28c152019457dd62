import type { FeeService, InvoiceStatus, NotificationReason, PaymentMethod, SlipStatus } from '@bansi/shared';

/** A price of the fee schedule: service × company size (a `sizes` reference code), from a date. */
export interface FeeScheduleTable {
  id: string;
  service: FeeService;
  sizeCode: string;
  /** whole kip */
  amount: number;
  effectiveFrom: string;
  /** 1: an invented demo price, to be replaced by staff admins */
  demo: number;
  updatedBy: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface InvoicesTable {
  id: string;
  companyId: string;
  /** INV-<year>-<seq, 6 digits> */
  number: string;
  year: number;
  seq: number;
  status: InvoiceStatus;
  total: number;
  dueDate: string;
  bookYear: number | null;
  /** what caused an automatic invoice, e.g. annual_review:<company>:<book year>; unique, so it is invoiced once */
  sourceKey: string | null;
  issuedBy: string | null;
  issuedAt: string;
  paidAt: string | null;
  method: PaymentMethod | null;
  voidReason: string | null;
  voidedBy: string | null;
  voidedAt: string | null;
  receiptFileId: string | null;
  updatedAt: string;
}

export interface InvoiceLinesTable {
  id: string;
  invoiceId: string;
  position: number;
  description: string;
  /** a fee-schedule line names its service (shown in the reader's language) */
  service: FeeService | null;
  amount: number;
}

export interface InvoiceSlipsTable {
  id: string;
  invoiceId: string;
  fileId: string;
  fileName: string;
  status: SlipStatus;
  rejectReason: string | null;
  uploadedBy: string;
  uploadedAt: string;
  decidedBy: string | null;
  decidedAt: string | null;
}

/** Every signed notification the bank sent, matched or not (the unmatched ones wait for staff). */
export interface PaymentNotificationsTable {
  id: string;
  provider: string;
  transactionId: string;
  billNumber: string;
  amount: number;
  currency: string;
  paidAt: string;
  rawBody: string;
  outcome: 'matched' | 'unmatched';
  reason: NotificationReason | null;
  invoiceId: string | null;
  receivedAt: string;
  /** an unmatched one staff dealt with: applied to an invoice, or dismissed with a note */
  resolution: 'applied' | 'dismissed' | null;
  resolutionNote: string | null;
  resolvedBy: string | null;
  resolvedAt: string | null;
}

export interface PaymentsTable {
  id: string;
  invoiceId: string;
  method: PaymentMethod;
  provider: string | null;
  transactionId: string | null;
  notificationId: string | null;
  slipId: string | null;
  amount: number;
  paidAt: string;
  recordedBy: string | null;
  createdAt: string;
  /** a confirmed slip: the day of the transfer read from it (YYYY-MM-DD) */
  transferDate: string | null;
  /** the receipt made for this payment (kept after a reversal) and, once reversed, its cancelled copy */
  receiptFileId: string | null;
  cancelledReceiptFileId: string | null;
  /** reversed by a staff admin: the invoice is open again; the row stays as the record (decision 120) */
  reversedAt: string | null;
  reversedBy: string | null;
  reversalReason: string | null;
}

/** Secrets an instance made for itself (the payment webhook key of a non-production instance, decision 125). */
export interface InstanceSecretsTable {
  name: string;
  value: string;
  createdAt: string;
}

export interface PaymentTables {
  feeSchedule: FeeScheduleTable;
  invoices: InvoicesTable;
  invoiceLines: InvoiceLinesTable;
  invoiceSlips: InvoiceSlipsTable;
  paymentNotifications: PaymentNotificationsTable;
  payments: PaymentsTable;
  instanceSecrets: InstanceSecretsTable;
}
