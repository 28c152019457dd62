import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES } from '@bansi/shared';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createTranslator, loadCatalogs } from '../../lib/i18n';
import { createPdf, providerHeader } from '../../lib/pdf';
import { pdfText } from '../../lib/pdf/pdf-text';
import { LOCALES_DIR } from '../../paths';
import { doubledWords } from '../../../test/doubled-words';
import { renderNotesPdf } from '../notes/notes.pdf';
import { fixtureNotes } from '../notes/notes.pdf.fixture';
import { renderReceiptPdf } from '../submissions/submissions.receipt';
import { renderMail } from './mail.render';

/** The provider's name as a fresh install has it: the configuration's defaults, nothing set. */
const config = loadConfig({ NODE_ENV: 'test' });
const t = createTranslator(loadCatalogs());
const provider = { lo: config.PROVIDER_NAME_LO, en: config.PROVIDER_NAME_EN };

/** Every mail the catalog holds, with plausible values for its placeholders. */
function everyMail(lang: 'lo' | 'en') {
  const catalog = JSON.parse(readFileSync(join(LOCALES_DIR, lang, 'mail.json'), 'utf8')) as Record<string, unknown>;
  const templates = Object.keys(catalog).filter((k) => typeof catalog[k] === 'object');
  const vars = {
    appName: t(lang, 'common.appName'),
    provider: provider[lang],
    amount: '1.500.000 ₭',
    bookYear: 2023,
    code: 'BK-2024-000123',
    company: lang === 'en' ? 'Demo Trading Co., Ltd.' : 'ບໍລິສັດ ຕົວຢ່າງ ການຄ້າ ຈຳກັດ',
    days: 14,
    deadline: '2024-03-31',
    documents: 12,
    fileComments: '',
    holiday: lang === 'en' ? 'National Day' : 'ວັນຊາດ',
    inviter: 'Khamphanh',
    link: 'http://localhost:3000/dashboard',
    resetLink: 'http://localhost:3000/forgot-password',
    method: lang === 'en' ? 'In person' : 'ມາສົ່ງເອງ',
    name: 'Khamphanh',
    number: 'INV-2024-000001',
    paidAt: '2024-03-05 09:30',
    reasons: lang === 'en' ? 'The audit report is missing.' : 'ຂາດບົດລາຍງານການກວດສອບ.',
    reference: 'BS-2023-000005',
    slot: '2024-03-05 09:30',
  };
  return templates.map((template) => ({ template, ...renderMail(t, lang, template, vars) }));
}

describe('the provider name reads correctly (no word said twice)', () => {
  it('the defaults in both languages', () => {
    expect(doubledWords(provider.lo)).toEqual([]);
    expect(doubledWords(provider.en)).toEqual([]);
    expect(doubledWords(providerHeader(config))).toEqual([]);
  });

  it('the check itself finds the old stutter', () => {
    expect(doubledWords('ບໍລິການບັນຊີ ບັນຊີ')).toEqual(['ບັນຊີ']);
    expect(doubledWords('Kind regards,\nthe the service')).toEqual(['the']);
    expect(doubledWords('ບັນຊີ · ບັນຊີ')).toEqual([]);
  });

  it.each(LANGUAGES)('every mail in %s, its subject, body and signature', (lang) => {
    const mails = everyMail(lang);
    expect(mails.length).toBeGreaterThan(10);
    for (const mail of mails) {
      expect(mail.textBody, mail.template).toContain(provider[lang]);
      expect({ template: mail.template, doubled: doubledWords(`${mail.subject}\n${mail.textBody}`) }).toEqual({
        template: mail.template,
        doubled: [],
      });
    }
  });

  it('the acknowledgement receipt, the notes PDF footer and the running header of receipts and cover sheets', async () => {
    const receipt = await renderReceiptPdf(t, {
      providerLo: provider.lo,
      providerEn: provider.en,
      companyNameLo: 'ບໍລິສັດ ຕົວຢ່າງ ການຄ້າ ຈຳກັດ',
      companyNameEn: 'Demo Trading Co., Ltd.',
      tin: '123456789',
      bookYear: 2023,
      reference: 'BS-2023-000123',
      acceptedAt: '2024-03-05T02:30:00Z',
      acceptedBy: 'ນາງ ຄຳແພງ',
      files: [],
      verifyUrl: 'http://localhost:3000/qr/scan/x/y',
    });
    const withHeader = createPdf({ title: 'x', header: providerHeader(config), footer: 'INV-2024-000001' });
    withHeader.paragraph('ໃບຮັບເງິນ · Receipt');
    const pdfs = {
      receipt,
      notesLo: await renderNotesPdf(t, { ...fixtureNotes(2, 'lo'), providerName: provider.lo }),
      notesEn: await renderNotesPdf(t, { ...fixtureNotes(2, 'en'), providerName: provider.en }),
      header: await withHeader.toBuffer(),
    };
    for (const [name, pdf] of Object.entries(pdfs)) {
      const text = await pdfText(pdf);
      expect(text, name).toContain(name === 'notesEn' ? provider.en : provider.lo);
      expect({ name, doubled: doubledWords(text) }).toEqual({ name, doubled: [] });
    }
  });
});
