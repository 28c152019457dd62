/** The public face of the payments module: other modules import only what is exported here (decision 197). */
export { invoiceAnnualReviewFee } from './payments.service';
export { deliverSignedNotification } from './payments.simulator';
export { default as paymentsRoutes } from './payments.routes';
export {
  countOpenInvoices,
  listAllInvoicesOfCompany,
  listInvoiceNumbers,
  listInvoicesOfSlips,
  listInvoicesOfCompany,
  listPaymentsOfInvoices,
} from './payments.staff-reads.repository';
export { ensureReceipt } from './payments.receipt';
export { nameInvoices } from './payments.audit-names';
