import type { Language } from '@bansi/shared';
import type { Deps } from '../../lib/deps';
import { createPdf, PDF_COLORS, providerHeader } from '../../lib/pdf';
import type { Principal } from '../../plugins/access';
import { qrLink } from '../qr';
import { companyOfBooking } from './bookings.people';
import { slotLabel } from './bookings.mail';
import { readableBooking } from './bookings.queries';

/**
 * The printable cover sheet of a booking (A4, the caller's language, made with lib/pdf): the
 * company, the booking code, the slot in Vientiane time, how and what is sent, and the QR code staff
 * scan at the counter. Rendered from the booking as it is now, so a reschedule never leaves a stale
 * sheet behind (decision 086).
 */
export async function renderCoverSheet(deps: Deps, principal: Principal, id: string, lang: Language): Promise<{ pdf: Buffer; fileName: string }> {
  const row = await readableBooking(deps, principal, id);
  const company = await companyOfBooking(deps.db, row.companyId);
  const label = (key: string) => deps.t(lang, `bookings.cover.${key}`);
  const url = qrLink(row.companyId, row.code, deps.config.PUBLIC_URL);

  const pdf = createPdf({
    title: `${label('title')} ${row.reference}`,
    lang,
    header: providerHeader(deps.config),
    footer: row.reference,
    author: deps.config.PROVIDER_NAME_EN,
  });
  const qrSize = 150;
  const top = pdf.y;
  pdf.qr(url, { size: qrSize, x: pdf.right - qrSize, y: top });
  const textWidth = pdf.width - qrSize - 16;
  pdf.text(label('title'), { x: pdf.left, y: top, width: textWidth, size: 22, bold: true, color: PDF_COLORS.blue, gap: 4 });
  pdf.text(label('subtitle'), { width: textWidth, size: 11, color: PDF_COLORS.grey, gap: 10 });
  pdf.text(row.reference, { width: textWidth, size: 16, bold: true, gap: 4 });
  pdf.text(`${slotLabel(row, lang)} (${label('vientianeTime')})`, { width: textWidth, size: 14, bold: true });
  pdf.raw.x = pdf.left;
  pdf.raw.y = Math.max(pdf.y, top + qrSize) + 18;

  pdf.fields([
    { label: label('company'), value: `${company.nameLo}\n${company.nameEn}` },
    { label: label('tin'), value: company.tin },
    { label: label('code'), value: row.reference },
    { label: label('slot'), value: `${slotLabel(row, lang)} (${label('vientianeTime')})` },
    { label: label('method'), value: deps.t(lang, `bookings.method.${row.method}`) },
    { label: label('documents'), value: String(row.documentCount) },
    { label: label('contact'), value: `${row.contactName}, ${row.contactPhone}` },
    ...(row.status === 'booked' ? [] : [{ label: label('status'), value: deps.t(lang, `bookings.status.${row.status}`) }]),
  ]);
  pdf.rule(16);
  pdf.paragraph(label('instructions'), { gap: 6 });
  pdf.text(url, { size: 8, mono: true, color: PDF_COLORS.blue, link: url });
  return { pdf: await pdf.toBuffer(), fileName: `cover-sheet-${row.reference}.pdf` };
}
