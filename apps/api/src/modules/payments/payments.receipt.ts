import { findCompany } from '../companies';
import { listMailableUsers } from '../auth';
import { WebPaths } from '@bansi/shared/paths';
import type { InvoiceVerification, Language } from '@bansi/shared';
import { formatLak, LANGUAGES } from '@bansi/shared';
import { systemActor } from '../../lib/actor';
import type { Deps, Executor } from '../../lib/deps';
import { createPdf, providerHeader, vientianeDateTime } from '../../lib/pdf';
import { recordAudit } from '../audit';
import { findFileById, storeGenerated } from '../files';
import { enqueueJob } from '../jobs';
import { enqueueMail } from '../mail';
import { issueQrCode, newQrSecret, qrLink, registerQrKind } from '../qr';
import { presentInvoice } from './payments.presenter';
import {
  findFirstPaymentOf,
  findInvoice,
  findPaymentById,
  findPaymentOf,
  latestReversalsOf,
  linesOf,
  RECEIPT_OWNER,
  receiptDocumentsSelect,
  setPaymentFiles,
  setReceiptFileOnce,
} from './payments.repository';
import { registerDocumentSource } from '../../lib/documents';
import { onInvoicePaid } from './commands/settle';
import type { InvoicesTable, PaymentsTable } from './payments.tables';

/** The job that makes a paid invoice's receipt, keeps it and mails it (enqueued with the payment). */
export const RECEIPT_JOB = 'payments.receipt';

// One receipt per payment: an invoice paid again after a reversal gets a new one.
onInvoicePaid(async (trx, invoice, _actor, paymentId) => {
  await enqueueJob(trx, RECEIPT_JOB, { invoiceId: invoice.id }, { uniqueKey: `receipt:${paymentId}` });
});

// Receipts are listed in the company's all-document history.
registerDocumentSource('invoices', {
  kinds: ['invoice_receipt'],
  selects: (db, companyId, filter) => [receiptDocumentsSelect(db, companyId, filter.bookYear)],
});

/**
 * A scanned receipt code shows which invoice it is, for whom, and that it is paid — or that the
 * payment it stands for was reversed (when and why). A code names its payment; codes printed before
 * payments could be reversed name the invoice, and stand for its first payment.
 */
registerQrKind('invoice', {
  async describe(db, row): Promise<InvoiceVerification | undefined> {
    const byPayment = await findPaymentById(db, row.subjectId);
    const invoice = await findInvoice(db, byPayment?.invoiceId ?? row.subjectId);
    const company = invoice && (await findCompany(db, invoice.companyId));
    if (!invoice || !company || invoice.companyId !== row.companyId) return undefined;
    const payment = byPayment ?? (await findFirstPaymentOf(db, invoice.id));
    return {
      kind: 'invoice',
      genuine: true,
      number: invoice.number,
      companyNameLo: company.nameLo,
      companyNameEn: company.nameEn,
      total: Number(invoice.total),
      status: invoice.status,
      paidAt: payment?.paidAt ?? invoice.paidAt,
      cancelledAt: payment?.reversedAt ?? null,
      cancelReason: payment?.reversalReason ?? null,
    };
  },
});

const CANCEL_RED = '#c92a2a';

const METHOD: Record<'laoqr' | 'slip', string> = { laoqr: 'LAO QR', slip: 'ໃບໂອນເງິນ · Bank transfer slip' };

/**
 * The receipt, in Lao with English beside it (as the acknowledgement receipts are). A reversed
 * payment's copy carries the cancel mark, when and why, above everything else.
 */
export async function renderReceipt(
  deps: Deps,
  invoice: InvoicesTable,
  qrUrl: string,
  reversed?: Pick<PaymentsTable, 'id' | 'reversedAt' | 'reversalReason'>,
): Promise<Buffer> {
  const company = await findCompany(deps.db, invoice.companyId);
  const payment = reversed ? await findPaymentById(deps.db, reversed.id) : await findPaymentOf(deps.db, invoice.id);
  const lo = presentInvoice(deps.t, 'lo', invoice, await linesOf(deps.db, [invoice.id]), undefined);
  const en = presentInvoice(deps.t, 'en', invoice, await linesOf(deps.db, [invoice.id]), undefined);
  const pdf = createPdf({
    title: `ໃບຮັບເງິນ · Receipt ${invoice.number}`,
    lang: 'lo',
    header: providerHeader(deps.config),
    footer: invoice.number,
  });
  pdf.heading('ໃບຮັບເງິນ · Receipt');
  if (reversed?.reversedAt) {
    const mark = { date: vientianeDateTime(reversed.reversedAt), reason: reversed.reversalReason ?? '' };
    // Lao first, English beside it, as the rest of the receipt
    pdf.heading(LANGUAGES.map((l) => deps.t(l, 'payments.cancelledStamp')).join(' · '), { color: CANCEL_RED });
    for (const l of LANGUAGES) pdf.paragraph(deps.t(l, 'qr.invoice.cancelled', mark), { color: CANCEL_RED, bold: true });
    pdf.space(8);
  }
  pdf.fields([
    { label: 'ໃບແຈ້ງໜີ້ເລກທີ', hint: 'Invoice number', value: invoice.number, mono: true },
    { label: 'ບໍລິສັດ', hint: 'Company', value: `${company?.nameLo ?? ''} · ${company?.nameEn ?? ''}` },
    { label: 'ຊຳລະເມື່ອ', hint: 'Paid at (Vientiane)', value: vientianeDateTime(payment?.paidAt ?? invoice.paidAt ?? '') },
    { label: 'ວິທີຊຳລະ', hint: 'Method', value: METHOD[payment?.method ?? invoice.method ?? 'laoqr'] },
    ...(payment?.transferDate ? [{ label: 'ວັນທີໂອນ', hint: 'Transfer date', value: payment.transferDate, mono: true }] : []),
    ...(payment?.transactionId ? [{ label: 'ເລກທຸລະກຳ', hint: 'Transaction', value: payment.transactionId, mono: true }] : []),
  ]);
  pdf.space(10);
  pdf.table({
    columns: [
      { title: 'ລາຍການ · Item', width: 3 },
      { title: 'ຈຳນວນເງິນ · Amount', lak: true },
    ],
    rows: lo.lines.map((l, i) => [
      l.description === en.lines[i]!.description ? l.description : `${l.description} · ${en.lines[i]!.description}`,
      l.amount,
    ]),
    totals: ['ລວມ · Total', Number(invoice.total)],
  });
  pdf.space(14);
  pdf.paragraph('ກວດສອບໃບຮັບເງິນນີ້ໂດຍສະແກນລະຫັດ QR · Scan the QR code to check this receipt.');
  pdf.qr(qrUrl, { size: 96 });
  // The same address as a link, for a reader who cannot scan (as on the submission receipt).
  pdf.text(qrUrl, { size: 8, mono: true, link: qrUrl });
  return pdf.toBuffer();
}

/**
 * Makes, keeps and mails the receipt of a paid invoice, once: the file row, its QR code, the
 * invoice's link to it and the mails commit together; a concurrent run that lost rolls back.
 */
export async function ensureReceipt(deps: Deps, invoiceId: string): Promise<string | null> {
  const invoice = await findInvoice(deps.db, invoiceId);
  if (!invoice || invoice.status !== 'paid') return null;
  if (invoice.receiptFileId) return invoice.receiptFileId;
  const code = newQrSecret();
  const bytes = await renderReceipt(deps, invoice, qrLink(invoice.companyId, code, deps.config.PUBLIC_URL));
  const company = await findCompany(deps.db, invoice.companyId);
  const users = await listMailableUsers(deps.db, invoice.companyId);
  // a file names a user who made it: the staff member who confirmed a slip, else the company's first user
  const payment = await findPaymentOf(deps.db, invoice.id);
  const createdBy = payment?.recordedBy ?? users[0]?.id;
  if (!createdBy || !payment) return null;
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const stored = await storeGenerated(deps, trx, bytes, {
        companyId: invoice.companyId,
        ownerKind: RECEIPT_OWNER,
        ownerId: invoice.id,
        slot: 'receipt',
        originalName: `receipt-${invoice.number}.pdf`,
        createdBy,
        kind: 'pdf',
      });
      if (!(await setReceiptFileOnce(trx, invoice.id, stored.id))) throw new LostRace();
      await setPaymentFiles(trx, payment.id, { receiptFileId: stored.id });
      // the code names the payment: after a reversal it tells the reader this receipt is cancelled
      await issueQrCode(trx, { kind: 'invoice', companyId: invoice.companyId, subjectId: payment.id, code, publicUrl: deps.config.PUBLIC_URL });
      await recordAudit(
        trx,
        systemActor,
        'invoice.receipt',
        { kind: 'invoice', id: invoice.id },
        { companyId: invoice.companyId, details: { fileId: stored.id } },
      );
      for (const user of users) {
        const lang = user.language as Language;
        await enqueueMail(deps, trx, {
          to: user.email,
          lang,
          template: 'invoicePaid',
          vars: {
            number: invoice.number,
            company: (lang === 'en' ? company?.nameEn : company?.nameLo) ?? '',
            amount: formatLak(Number(invoice.total), lang),
            paidAt: vientianeDateTime(invoice.paidAt ?? ''),
            link: new URL(WebPaths.dashboard.payment, deps.config.PUBLIC_URL).toString(),
          },
          attachments: [{ filename: `receipt-${invoice.number}.pdf`, contentType: 'application/pdf', fileId: stored.id }],
        });
      }
      return stored.id;
    });
  } catch (err) {
    if (!(err instanceof LostRace)) throw err;
    return (await findInvoice(deps.db, invoiceId))?.receiptFileId ?? null;
  }
}

class LostRace extends Error {}

/**
 * The stored receipt file of a paid invoice (made now if its job has not run yet); of an open invoice
 * whose last payment was reversed, the cancelled copy; else none.
 */
export async function receiptFileOf(deps: Deps, db: Executor, invoice: InvoicesTable) {
  if (invoice.status === 'open') {
    const cancelled = (await latestReversalsOf(db, [invoice.id])).get(invoice.id)?.cancelledReceiptFileId;
    return cancelled ? findFileById(db, cancelled) : undefined;
  }
  if (invoice.status !== 'paid') return undefined;
  const fileId = invoice.receiptFileId ?? (await ensureReceipt(deps, invoice.id));
  return fileId ? findFileById(db, fileId) : undefined;
}
