import { registerQrKind } from '../qr';
import { countCurrentFiles, findReceipt, findReceiptByCode, findReference } from './submissions.repository';

/**
 * The receipt's QR kind (decision 062). Receipt codes are kept as `submission_receipts.code_hash`
 * (decision 032), so every receipt ever printed — before the registry too — keeps verifying at the
 * same address. A visitor sees the company, the book year, the filing reference, the acceptance date and
 * the file count.
 */
registerQrKind('receipt', {
  async find(db, companyId, codeHash) {
    const receipt = await findReceiptByCode(db, companyId, codeHash);
    return receipt && { codeHash, companyId, kind: 'receipt', subjectId: receipt.submissionId, createdAt: receipt.acceptedAt };
  },
  async describe(db, row) {
    const receipt = await findReceipt(db, row.subjectId);
    if (!receipt || receipt.companyId !== row.companyId) return undefined;
    const [counts, reference] = await Promise.all([countCurrentFiles(db, [receipt.submissionId]), findReference(db, receipt.submissionId)]);
    return {
      kind: 'receipt',
      genuine: true,
      companyNameLo: receipt.companyNameLo,
      companyNameEn: receipt.companyNameEn,
      bookYear: Number(receipt.bookYear),
      acceptedAt: receipt.acceptedAt,
      fileCount: counts.get(receipt.submissionId) ?? 0,
      reference,
    };
  },
});
