import { API_BASE, PaymentPaths } from '@bansi/shared';

/** The receipt PDF of a paid invoice (the company's, or any for staff). */
export const invoiceReceiptUrl = (id: string, options: { staff?: boolean } = {}) =>
  `${API_BASE}${options.staff ? PaymentPaths.staffReceipt(id) : PaymentPaths.receipt(id)}`;
