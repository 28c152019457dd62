import {
  formatDate,
  formatLak,
  notesRestatements,
  notesSectionHasTable,
  notesSectionTotal,
  type NotesLanguage,
  type NotesSectionData,
  type NotesStatus,
} from '@bansi/shared';
import type { Translate } from '../../lib/i18n';
import { createPdf, PDF_COLORS } from '../../lib/pdf';

/**
 * The notes to the financial statements as a PDF (DESIGN §8.2, decision 092): A4; the company and
 * the book year in the running header; the title; then the 18 sections numbered 1–18, each with
 * its prose, its fields (general information, approval) or its table (right-aligned LAK amounts for
 * the book year and the prior year, and the computed total); "n / total" at the foot of each page.
 * Everything in the document's language, typeset by lib/pdf (Noto Sans Lao from npm: Lao shaped by
 * fontkit). Nothing random and no clock: the same input gives the same pages (the reference-image test).
 */
export interface NotesPdfInput {
  language: NotesLanguage;
  status: NotesStatus;
  bookYear: number;
  companyNameLo: string;
  companyNameEn: string;
  providerName: string;
  sections: NotesSectionData[];
  /** the PDF's creation date (metadata): the document's last change, so the bytes depend on the content only */
  date: string;
}

const FIELD_ORDER: Record<string, string[]> = {
  general: ['nameLo', 'nameEn', 'registrationNo', 'tin', 'legalForm', 'address', 'activities'],
  approval: ['director', 'accountant', 'approvalDate'],
};

export async function renderNotesPdf(t: Translate, input: NotesPdfInput): Promise<Buffer> {
  const lng = input.language;
  const tr = (key: string, vars?: Record<string, string | number>) => t(lng, `notesDocument.${key}`, vars);
  const company = lng === 'en' ? input.companyNameEn || input.companyNameLo : input.companyNameLo;
  const title = tr('title');
  const pdf = createPdf({
    title: `${title} · ${company} · ${input.bookYear}`,
    lang: lng,
    header: tr('companyLine', { company, year: input.bookYear }),
    footer: input.providerName,
    author: company,
    subject: `${title} ${input.bookYear}`,
    date: new Date(input.date),
  });

  pdf.heading(title);
  pdf.text(company, { x: pdf.left, size: 13, bold: true, gap: 2 });
  pdf.text(tr('forYearEnded', { year: input.bookYear }), { x: pdf.left, size: 10.5, color: PDF_COLORS.grey, gap: 4 });
  if (input.status === 'draft' || input.status === 'returned') pdf.text(tr('draftMark'), { x: pdf.left, size: 9.5, color: '#c92a2a', gap: 2 });
  pdf.rule(14);

  // Restated carried-forward figures are numbered through the document: "[n]" after the line's label,
  // the accepted figure and the reason as a footnote under its table.
  const restated = notesRestatements(input.sections);
  const mark = (key: string, row: number) => restated.findIndex((r) => r.section === key && r.row === row) + 1;
  const money = (v: number | null) => (v === null ? '—' : formatLak(v, lng));

  input.sections.forEach((s, i) => {
    const text = s.text.trim();
    const lines = notesSectionHasTable(s.key) && !s.notApplicable ? s.rows.length : 0;
    // A table section starts on a page that holds its heading, its prose and the start of its table.
    if (lines > 0) pdf.ensureSpace(Math.min(40 + (text ? pdf.heightOf(text) + 6 : 0) + Math.min(lines + 2, 6) * 24, 360));
    pdf.heading(`${i + 1}. ${tr(`sections.${s.key}`)}`, { level: 2, outline: true });
    const order = FIELD_ORDER[s.key];
    if (order) {
      const rows = order.map((f) => {
        const raw = (s.fields[f] ?? '').trim();
        const value = f === 'approvalDate' && /^\d{4}-\d{2}-\d{2}$/.test(raw) ? formatDate(`${raw}T05:00:00Z`, lng) : raw;
        return { label: tr(`fields.${f}`), value: value || '—' };
      });
      pdf.fields(rows, { labelWidth: 170 });
      pdf.space(4);
    }
    if (s.notApplicable) {
      pdf.paragraph(tr('notApplicable'), { color: PDF_COLORS.grey });
      return;
    }
    for (const para of text ? text.split(/\n{2,}/) : []) pdf.paragraph(para.trim());
    if (notesSectionHasTable(s.key) && s.rows.length > 0) {
      const total = notesSectionTotal(s)!;
      pdf.table({
        columns: [
          { title: tr('columns.label'), width: 3 },
          { title: tr('columns.current', { year: input.bookYear }), lak: true, width: 1.4 },
          { title: tr('columns.prior', { year: input.bookYear - 1 }), lak: true, width: 1.4 },
        ],
        rows: s.rows.map((r, row) => [mark(s.key, row) ? `${r.label} [${mark(s.key, row)}]` : r.label, r.current, r.prior]),
        // A column with no amount at all (a first year has no comparatives) totals to a blank, not ₭0.
        totals: [
          tr('total'),
          s.rows.some((r) => r.current !== null) ? total.current : null,
          s.rows.some((r) => r.prior !== null) ? total.prior : null,
        ],
      });
      for (const r of restated.filter((x) => x.section === s.key))
        pdf.paragraph(
          tr('restatedFootnote', {
            n: restated.indexOf(r) + 1,
            year: input.bookYear - 1,
            accepted: money(r.accepted),
            restated: money(r.restated),
            reason: r.reason,
          }),
          { color: PDF_COLORS.grey, size: 8.5 },
        );
    } else if (!text && !order) {
      pdf.paragraph(tr('notWritten'), { color: PDF_COLORS.grey });
    }
    pdf.space(4);
  });
  return pdf.toBuffer();
}
