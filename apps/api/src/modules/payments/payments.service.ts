// The payments module's actions, one file each (as submissions): reads in payments.queries.ts, each
// change a command in commands/ with its own transaction. This file only gathers them for the routes
// and the other modules, and loads the slip upload's file-owner registration.
import './payments.uploads';

export { createInvoice, formatInvoiceNumber } from './commands/create-invoice';
export { decideOnSlip } from './commands/decide-on-slip';
export { AUTO_INVOICE_DUE_DAYS, annualReviewSourceKey, invoiceAnnualReviewFee } from './commands/invoice-annual-review-fee';
export { issueInvoice } from './commands/issue-invoice';
export { putFees } from './commands/put-fees';
export { receiveNotification } from './commands/receive-notification';
export { resolveUnmatched } from './commands/resolve-unmatched';
export { onInvoicePaid } from './commands/settle';
export { voidInvoice } from './commands/void-invoice';
export {
  QR_TTL_MS,
  findInvoiceForStaff,
  getCurrentFees,
  getFees,
  getInvoice,
  getStaffInvoice,
  invoiceQr,
  listInvoices,
  listStaffInvoices,
  listUnmatched,
  readableInvoice,
} from './payments.queries';
