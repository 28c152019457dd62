/**
 * One row per QR code the portal prints (decision 062). Only the SHA-256 of the code's secret is
 * kept: enough to check a scanned code, useless to forge one.
 */
export interface QrCodesTable {
  codeHash: string;
  companyId: string;
  /** receipt | booking | invoice | notes: which registered kind checks and describes it */
  kind: string;
  /** the id of what the code stands for (a submission, a booking, an invoice …) */
  subjectId: string;
  createdAt: string;
}

export interface QrTables {
  qrCodes: QrCodesTable;
}
