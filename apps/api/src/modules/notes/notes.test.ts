import {
  API_BASE,
  FeedFilingPage,
  FeedPaths,
  DocumentPage,
  NOTES_SECTION_KEYS,
  NotesDocument,
  NotesEventPage,
  NotesExistence,
  NotesPage,
  NotesPaths,
  NotesStaleProblem,
  Problem,
  StaffNotesDocument,
  StaffNotesQueuePage,
  StaffOverview,
  SubmissionDetail,
  SubmissionPaths,
  formatLak,
  type NotesSectionInput,
} from '@bansi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../lib/pdf/pdf-text';
import { Agent, addCompanyUser, createTestApp, dialect, loginAs, registerCompany, type TestApp } from '../../../test/helpers';
import { api, openSubmission } from '../../../test/submissions';
import { listDomainEventsOf } from '../events';

/** A table section's patch with these lines. */
const table = (key: string, lines: [string, number | null, number | null][], text = ''): NotesSectionInput => ({
  key,
  text,
  rows: lines.map(([label, current, prior]) => ({ label, current, prior })),
});

describe(`notes to the financial statements (${dialect})`, () => {
  let t: TestApp;
  let a: Agent; // company A's admin (English)
  let aLo: Agent; // the admin of another company, who reads Lao
  let a2: Agent; // A's colleague, who reads Lao (an invitation's default language)
  let b: Agent; // company B
  let staff: Agent;
  let bookYear: number;
  let prior: NotesDocument; // A's notes of the previous year, accepted
  let notes: NotesDocument; // A's notes of the book year

  beforeAll(async () => {
    t = await createTestApp();
    bookYear = t.config.BOOK_YEAR;
    const reg = await registerCompany(t);
    a = reg.agent;
    const lo = await registerCompany(t, { user: { language: 'lo' } });
    aLo = lo.agent;
    b = (await registerCompany(t)).agent;
    staff = await loginAs(t, 'staff');
    a2 = await addCompanyUser(t, a);
  });
  afterAll(() => t?.close());

  const problem = (res: { json(): unknown }) => Problem.parse(res.json());
  const doc = (res: { statusCode: number; body: string; json(): unknown }) => {
    if (res.statusCode >= 300) throw new Error(`${res.statusCode} ${res.body}`);
    return NotesDocument.parse(res.json());
  };
  const open = async (agent: Agent, year: number, language?: 'lo' | 'en') =>
    agent.inject({ method: 'POST', url: api(NotesPaths.list), payload: { bookYear: year, ...(language ? { language } : {}) } });
  const patch = (agent: Agent, id: string, body: Record<string, unknown>, lng = 'en') =>
    agent.inject({ method: 'PATCH', url: api(NotesPaths.one(id)), payload: body, headers: { 'accept-language': lng } });
  const submit = (agent: Agent, d: { id: string; version: number }, confirmWarnings = true) =>
    agent.inject({ method: 'POST', url: api(NotesPaths.submit(d.id)), payload: { version: d.version, confirmWarnings } });
  const staffDo = (id: string, action: 'start-review' | 'return' | 'accept', body: Record<string, unknown>) =>
    staff.inject({ method: 'POST', url: api(NotesPaths.staffAction(id, action)), payload: body });
  const row = (id: string) => t.db.kysely.selectFrom('notes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const audit = (id: string) =>
    t.db.kysely
      .selectFrom('auditLog')
      .select(['action'])
      .where('subjectKind', '=', 'notes')
      .where('subjectId', '=', id)
      .orderBy('occurredAt')
      .execute();
  const outbox = (to: string) => t.db.kysely.selectFrom('outbox').selectAll().where('toAddress', '=', to).orderBy('createdAt').execute();
  const emailOf = async (agent: Agent) =>
    (await t.db.kysely.selectFrom('users').select('email').where('id', '=', agent.userId!).executeTakeFirstOrThrow()).email;

  /** Fills every section: prose where there is no table, lines where there is one, the approval date. */
  const everySection = (): NotesSectionInput[] =>
    NOTES_SECTION_KEYS.map((key, i) =>
      key === 'approval'
        ? { key, fields: { approvalDate: '2024-03-15' }, text: 'ອະນຸມັດໂດຍຄະນະອຳນວຍການ.' }
        : key === 'general'
          ? { key, text: 'ວິສາຫະກິດຂາຍຍ່ອຍ.' }
          : i >= 4 && i < 14
            ? table(key, [
                ['ເງິນຝາກທະນາຄານ', 1_234_567, 1_000_000],
                ['Cash on hand', 5_000, 2_500],
              ])
            : { key, text: `Section ${i + 1} written.` },
    );

  /** The sections, with the lines carried forward into `d` kept at their accepted prior-year figure. */
  const keepCarried = (d: NotesDocument, sections: NotesSectionInput[]): NotesSectionInput[] =>
    sections.map((input) => {
      const carried = d.sections.find((s) => s.key === input.key)!.rows.filter((r) => r.carried !== undefined);
      if (!input.rows || carried.length === 0) return input;
      const given = input.rows.map((r) => {
        const c = carried.find((x) => x.label === r.label);
        return c ? { ...r, prior: c.carried! } : r;
      });
      const missing = carried
        .filter((c) => !input.rows!.some((r) => r.label === c.label))
        .map((c) => ({ label: c.label, current: null, prior: c.carried! }));
      return { ...input, rows: [...given, ...missing] };
    });

  it('opens one notes document per company and book year, prefilled from the company profile', async () => {
    const check = async (year: number) => NotesExistence.parse((await a.inject({ url: `${api(NotesPaths.check)}?bookYear=${year}` })).json());
    expect(await check(bookYear - 1)).toMatchObject({ exists: false, open: true, submitted: false });

    const created = await open(a, bookYear - 1, 'en');
    expect(created.statusCode).toBe(201);
    prior = doc(created);
    expect(prior).toMatchObject({
      bookYear: bookYear - 1,
      status: 'draft',
      version: 1,
      language: 'en',
      editable: true,
      allowedActions: ['submit'],
      pdfFileId: null,
    });
    expect(prior.sections.map((s) => s.key)).toEqual([...NOTES_SECTION_KEYS]);
    expect(prior.sections.map((s) => s.number)).toEqual(NOTES_SECTION_KEYS.map((_, i) => i + 1));
    expect(prior.sections.filter((s) => s.hasTable).map((s) => s.key)).toEqual(NOTES_SECTION_KEYS.slice(4, 14));
    // General information and approval from the profile (registration helper: Test Company, REG-…, owner and holder).
    const general = prior.sections[0]!.fields;
    expect(general.nameEn).toMatch(/^Test Company /);
    expect(general.nameLo).toMatch(/^ບໍລິສັດ ທົດສອບ /);
    expect(general.registrationNo).toMatch(/^REG-/);
    expect(general.tin).toMatch(/^9\d+/);
    expect(general.legalForm).not.toBe('');
    expect(general.activities).not.toBe('');
    expect(general.address).toContain('ຖະໜົນ ທົດສອບ 1');
    expect(prior.sections[17]!.fields).toEqual({ director: 'Owner One', accountant: 'Holder Two', approvalDate: '' });
    expect(prior.priorFilledFrom).toBeNull();

    // The second open answers the same document (200), and the check now sees it.
    const again = await open(a, bookYear - 1);
    expect(again.statusCode).toBe(200);
    expect(doc(again).id).toBe(prior.id);
    expect(await check(bookYear - 1)).toMatchObject({ exists: true, id: prior.id, status: 'draft', submitted: false, editable: true });

    // A book year that is not open is a field error.
    const closed = await open(a, bookYear + 1);
    expect(closed.statusCode).toBe(400);
    expect(problem(closed).errors?.[0]).toMatchObject({ path: 'body.bookYear', code: 'book_year_not_open' });
  });

  it('saves sections, computes the totals and refuses bad input whole, in the caller’s language', async () => {
    const saved = doc(await patch(a, prior.id, { version: prior.version, sections: everySection() }));
    expect(saved.version).toBe(prior.version + 1);
    const cash = saved.sections.find((s) => s.key === 'cash')!;
    expect(cash.rows).toHaveLength(2);
    expect(cash.total).toEqual({ current: 1_239_567, prior: 1_002_500 });
    expect(saved.sections.find((s) => s.key === 'policies')!.total).toBeNull();
    expect(saved.checks).toEqual({ errors: [], warnings: [] });
    prior = saved;

    const before = await row(prior.id);
    const bad: [string, NotesSectionInput[], string, string][] = [
      ['unknown section', [{ key: 'goodwill', text: 'x' }], 'body.sections.0.key', 'unknown_section'],
      ['text too long', [{ key: 'approval', text: 'ກ'.repeat(2001) }], 'body.sections.0.text', 'text_too_long'],
      [
        '201 rows',
        [
          table(
            'cash',
            Array.from({ length: 201 }, () => ['x', 1, 1] as [string, number, number]),
          ),
        ],
        'body.sections.0.rows',
        'too_many_rows',
      ],
      ['a fraction', [table('cash', [['x', 1.5, 1]])], 'body.sections.0.rows.0.current', 'amount_fraction'],
      ['a negative', [table('revenue', [['x', 1, -1]])], 'body.sections.0.rows.0.prior', 'amount_negative'],
      ['over 10^15', [table('cash', [['x', 1e15 + 1, 1]])], 'body.sections.0.rows.0.current', 'amount_too_large'],
    ];
    for (const [name, sections, path, code] of bad) {
      // A valid section beside the bad one: nothing is saved half.
      const res = await patch(
        a,
        prior.id,
        { version: prior.version, sections: [{ key: 'basis', text: 'changed' }, ...sections.map((s) => ({ ...s }))] },
        'lo',
      );
      expect(res.statusCode, name).toBe(400);
      const p = problem(res);
      expect(p.code).toBe('VALIDATION');
      const error = p.errors!.find((e) => e.code === code);
      expect(error?.path.replace('sections.1', 'sections.0'), name).toBe(path);
      // A fraction or an amount past 10^15 is the shared Amount schema's refusal (docs/decisions/145).
      const part = code === 'amount_fraction' || code === 'amount_too_large' ? 'amount' : 'notes';
      expect(error!.message, name).toBe(
        t.app.t('lo', `errors.${part}.${code}`, { max: code === 'too_many_rows' ? 200 : code === 'text_too_long' ? 2000 : 1e15 }),
      );
      expect(error!.message).toMatch(/[\u0E80-\u0EFF]/);
    }
    const after = await row(prior.id);
    expect(after.version).toBe(before.version);
    expect(after.sections).toBe(before.sections);
  });

  it('answers a stale version with 409 and the current document', async () => {
    const res = await patch(a, prior.id, { version: prior.version - 1, sections: [{ key: 'basis', text: 'late' }] });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.statusCode).toBe(409);
    const body = NotesStaleProblem.parse(res.json());
    expect(body.code).toBe('STALE');
    expect(body.current.version).toBe(prior.version);
    expect(body.current.sections.find((s) => s.key === 'basis')!.text).toBe('Section 2 written.');
    expect((await row(prior.id)).version).toBe(prior.version);
  });

  it('checks before submit: blocking errors, then warnings to confirm; submitted notes are locked', async () => {
    // Approval incomplete: blocking, whatever the confirmation.
    const cleared = doc(
      await patch(a, prior.id, {
        version: prior.version,
        sections: [
          { key: 'approval', fields: { approvalDate: '' } },
          { key: 'taxes', text: '', rows: [] },
        ],
      }),
    );
    const blocked = await submit(a, cleared, true);
    expect(blocked.statusCode).toBe(422);
    expect(problem(blocked)).toMatchObject({
      code: 'CHECKS_FAILED',
      errors: [{ path: 'sections.approval.fields.approvalDate', code: 'field_missing' }],
    });

    const fixed = doc(
      await patch(a, prior.id, { version: cleared.version, sections: [{ key: 'approval', fields: { approvalDate: '2024-03-15' } }] }),
    );
    expect(fixed.checks).toEqual({ errors: [], warnings: [{ code: 'section_empty', section: 'taxes' }] });
    const warned = await submit(a, fixed, false);
    expect(warned.statusCode).toBe(422);
    expect(problem(warned)).toMatchObject({ code: 'CHECKS_WARNINGS', errors: [{ path: 'warnings.taxes', code: 'section_empty' }] });
    expect((await row(prior.id)).status).toBe('draft');

    const submitted = doc(await submit(a, fixed, true));
    expect(submitted).toMatchObject({ status: 'submitted', editable: false, allowedActions: [] });
    const locked = await patch(a, prior.id, { version: submitted.version, sections: [{ key: 'basis', text: 'after submit' }] });
    expect(locked.statusCode).toBe(409);
    expect(problem(locked).code).toBe('NOTES_LOCKED');
    prior = submitted;
  });

  it('walks the review: queue, start, return with section comments (mailed), resubmit, accept (PDF kept, mailed)', async () => {
    const colleagueMail = await emailOf(a); // the admin reads English
    const queue = StaffNotesQueuePage.parse((await staff.inject({ url: api(NotesPaths.staffList) })).json());
    expect(queue.items.find((i) => i.id === prior.id)).toMatchObject({ status: 'submitted', company: { id: a.companyId } });

    const review = StaffNotesDocument.parse((await staffDo(prior.id, 'start-review', { version: prior.version })).json());
    expect(review.status).toBe('in_review');
    expect((await staffDo(prior.id, 'start-review', { version: review.version })).statusCode).toBe(409);

    const returned = await staffDo(prior.id, 'return', {
      version: review.version,
      reasons: 'Please complete the taxes note.',
      sectionComments: [{ section: 'taxes', body: 'Profit tax for the year is missing.' }],
    });
    expect(returned.statusCode).toBe(200);
    const r = StaffNotesDocument.parse(returned.json());
    expect(r.status).toBe('returned');
    expect(r.comments.map((c) => [c.section, c.body, c.returned])).toEqual([
      [null, 'Please complete the taxes note.', true],
      ['taxes', 'Profit tax for the year is missing.', true],
    ]);
    const mails = await outbox(colleagueMail);
    expect(mails.at(-1)!.subject).toContain('returned');
    expect(mails.at(-1)!.textBody).toContain('Taxes: Profit tax for the year is missing.');
    // Each user in their language: A's colleague reads Lao.
    const laoMail = (await outbox(await emailOf(a2))).at(-1)!;
    expect(laoMail.subject).toBe(t.app.t('lo', 'mail.notesReturned.subject', { appName: t.app.t('lo', 'common.appName'), bookYear: bookYear - 1 }));
    expect(laoMail.textBody).toContain(`${t.app.t('lo', 'notesDocument.sections.taxes')}: Profit tax for the year is missing.`);

    // The company sees the comments, edits and resubmits.
    const mine = doc(await a.inject({ url: api(NotesPaths.one(prior.id)) }));
    expect(mine).toMatchObject({ status: 'returned', editable: true, allowedActions: ['submit'] });
    expect(mine.comments).toHaveLength(2);
    const edited = doc(
      await patch(a, prior.id, { version: mine.version, sections: [table('taxes', [['Profit tax', 24_000_000, 20_000_000]], 'Profit tax 20%.')] }),
    );
    const resubmitted = doc(await submit(a, edited, false));
    // Straight back to "in review" with the reviewer who returned them: no second "Start review".
    expect(resubmitted.status).toBe('in_review');

    const accepted = await staffDo(prior.id, 'accept', { version: resubmitted.version });
    expect(accepted.statusCode).toBe(200);
    const acc = StaffNotesDocument.parse(accepted.json());
    expect(acc).toMatchObject({ status: 'accepted', allowedActions: [] });
    expect(acc.pdfFileId).toMatch(/[0-9a-f-]{36}/);
    // The return published notes.returned (the bell), accepting publishes notes.accepted (outgoing events, the feed).
    const published = await listDomainEventsOf(t.db.kysely, 'notes', prior.id);
    expect(published.map((e) => [e.type, e.companyId, JSON.parse(e.payload)])).toEqual([
      ['notes.returned', a.companyId, { bookYear: bookYear - 1 }],
      ['notes.accepted', a.companyId, { bookYear: bookYear - 1, pdfFileId: acc.pdfFileId }],
    ]);
    // the filings feed (the service's software, decision 241) has the accepted notes with their PDF
    const feed = FeedFilingPage.parse((await staff.inject({ url: `${API_BASE}${FeedPaths.filings}?limit=100` })).json());
    const entry = feed.items.find((i) => i.id === prior.id);
    expect(entry).toMatchObject({ kind: 'notes', bookYear: prior.bookYear, company: { id: a.companyId } });
    expect(entry!.files.map((f) => f.id)).toEqual([acc.pdfFileId]);
    expect((await outbox(colleagueMail)).at(-1)!.subject).toContain('accepted');
    expect((await outbox(await emailOf(a2))).at(-1)!.subject).toMatch(/[\u0E80-\u0EFF]/);

    // Every change is an event and an audit entry.
    const events = NotesEventPage.parse((await a.inject({ url: `${api(NotesPaths.events(prior.id))}?limit=100` })).json());
    expect(events.items.map((e) => e.action).reverse()).toEqual([
      'created',
      'updated',
      'updated',
      'updated',
      'submitted',
      'review_started',
      'returned',
      'commented',
      'updated',
      'resubmitted',
      'review_started',
      'accepted',
    ]);
    // The review resumed with the reviewer who returned them.
    const [, resumed, resubmit] = events.items;
    const returner = events.items.find((e) => e.action === 'returned')!.actor;
    expect(resumed).toMatchObject({ action: 'review_started', actor: returner, fromStatus: 'resubmitted', toStatus: 'in_review' });
    expect(returner.kind).toBe('staff');
    expect(resubmit).toMatchObject({ action: 'resubmitted', actor: { kind: 'company' }, fromStatus: 'returned', toStatus: 'resubmitted' });
    expect((await audit(prior.id)).map((e) => e.action)).toEqual([
      'notes.create',
      'notes.update',
      'notes.update',
      'notes.update',
      'notes.submit',
      'notes.start_review',
      'notes.return',
      'notes.update',
      'notes.submit',
      'notes.accept',
    ]);
    prior = NotesDocument.parse(doc(await a.inject({ url: api(NotesPaths.one(prior.id)) })));
  });

  it("prefills the prior-year column from the previous year's accepted notes", async () => {
    notes = doc(await open(a, bookYear, 'lo'));
    expect(notes.priorFilledFrom).toBe(bookYear - 1);
    const cash = notes.sections.find((s) => s.key === 'cash')!;
    expect(cash.rows).toEqual([
      { label: 'ເງິນຝາກທະນາຄານ', current: null, prior: 1_234_567, carried: 1_234_567 },
      { label: 'Cash on hand', current: null, prior: 5_000, carried: 5_000 },
    ]);
    expect(cash.total).toEqual({ current: 0, prior: 1_239_567 });
    expect(notes.sections.find((s) => s.key === 'taxes')!.rows).toEqual([
      { label: 'Profit tax', current: null, prior: 24_000_000, carried: 24_000_000 },
    ]);
    expect(notes.restatements).toEqual([]);
    // Prose is not carried over: only the comparative figures.
    expect(notes.sections.find((s) => s.key === 'basis')!.text).toBe('');
    // B has no previous notes: nothing prefilled.
    expect(doc(await open(b, bookYear)).priorFilledFrom).toBeNull();
  });

  it('renders the PDF in the document language: Lao section titles, amounts grouped; the kept PDF after acceptance', async () => {
    const filled = doc(await patch(a, notes.id, { version: notes.version, sections: keepCarried(notes, everySection()) }));
    const res = await a.inject({ url: api(NotesPaths.pdf(filled.id)) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(res.rawPayload);
    for (const key of ['general', 'cash', 'ppe', 'approval'] as const) expect(text).toContain(t.app.t('lo', `notesDocument.sections.${key}`));
    expect(text).toContain(formatLak(1_234_567, 'lo'));
    expect(text).toContain(formatLak(1_239_567, 'lo'));
    expect(text).toContain(`ປີບັນຊີ ${bookYear}`);

    // The accepted previous year: the kept file (English), for the company and through the staff route.
    const kept = await a.inject({ url: api(NotesPaths.pdf(prior.id)) });
    const keptText = (await pdfText(kept.rawPayload)).replace(/\u00A0/g, ' ');
    expect(keptText).toContain('Notes to the financial statements');
    expect(keptText).toContain('Property, plant and equipment');
    expect(keptText).toContain(formatLak(24_000_000, 'en').replace(/\u00A0/g, ' '));
    expect(kept.headers.etag).toBeTruthy();
    const viaStaff = await staff.inject({ url: api(NotesPaths.staffPdf(prior.id)) });
    expect(viaStaff.rawPayload.equals(kept.rawPayload)).toBe(true);
    const file = await a.inject({ url: api(`/files/${prior.pdfFileId}/content`) });
    expect(file.rawPayload.equals(kept.rawPayload)).toBe(true);
    notes = filled;
  });

  it('locks carried-forward figures: a change needs a reason; staff see accepted, new and reason; the PDF footnotes it', async () => {
    const cash = notes.sections.find((s) => s.key === 'cash')!;
    expect(cash.rows[0]).toMatchObject({ label: 'ເງິນຝາກທະນາຄານ', prior: 1_234_567, carried: 1_234_567 });
    const cashWith = (rows: Record<string, unknown>[]) => patch(a, notes.id, { version: notes.version, sections: [{ key: 'cash', rows }] });
    const restated = (extra: Record<string, unknown>) => cashWith(cash.rows.map((r, i) => (i === 0 ? { ...r, prior: 1_200_000, ...extra } : r)));
    const refusedWith = async (res: Awaited<ReturnType<typeof patch>>, path: string, code: string) => {
      expect(res.statusCode).toBe(400);
      expect(problem(res).errors).toEqual([expect.objectContaining({ path, code })]);
      expect(Number((await row(notes.id)).version)).toBe(notes.version);
    };
    // Without a reason, with an empty one, with one too long, claiming another accepted value: refused, nothing saved.
    await refusedWith(await restated({}), 'body.sections.0.rows.0.restatement', 'restatement_required');
    await refusedWith(await restated({ restatement: '   ' }), 'body.sections.0.rows.0.restatement', 'restatement_required');
    await refusedWith(await restated({ restatement: 'x'.repeat(501) }), 'body.sections.0.rows.0.restatement', 'restatement_too_long');
    await refusedWith(await restated({ carried: 1_200_000 }), 'body.sections.0.rows.0.restatement', 'restatement_required');
    // Dropping (or renaming) a carried line is not a way around it.
    await refusedWith(await cashWith(cash.rows.slice(1)), 'body.sections.0.rows', 'carried_row_removed');
    const english = await restated({});
    expect(problem(english).errors![0]!.message).toBe(t.app.t('en', 'errors.notes.restatement_required'));

    const reason = 'Bank confirmation received after the accounts were accepted.';
    const ok = doc(await restated({ restatement: `  ${reason} ` }));
    const expected = [{ section: 'cash', row: 0, label: 'ເງິນຝາກທະນາຄານ', accepted: 1_234_567, restated: 1_200_000, reason }];
    expect(ok.restatements).toEqual(expected);
    expect(ok.sections.find((s) => s.key === 'cash')!.rows[0]).toMatchObject({ prior: 1_200_000, carried: 1_234_567, restatement: reason });
    const staffView = StaffNotesDocument.parse((await staff.inject({ url: api(NotesPaths.staffOne(notes.id)) })).json());
    expect(staffView.restatements).toEqual(expected);

    // The PDF marks the restated line and says what was accepted and why.
    const text = (await pdfText((await a.inject({ url: api(NotesPaths.pdf(notes.id)) })).rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain('ເງິນຝາກທະນາຄານ [1]');
    const footnote = t.app.t('lo', 'notesDocument.restatedFootnote', {
      n: 1,
      year: bookYear - 1,
      accepted: formatLak(1_234_567, 'lo'),
      restated: formatLak(1_200_000, 'lo'),
      reason,
    });
    // (the footnote may run onto the next page, past the running footer: compare up to the reason)
    expect(text).toContain(footnote.slice(0, footnote.indexOf(reason)).replace(/\s+/g, ' '));
    expect(text).toContain('Bank confirmation');

    // Last year's accepted notes corrected afterwards: the draft's figures are not overwritten.
    const priorRow = await row(prior.id);
    const corrected = JSON.parse(priorRow.sections) as { key: string; rows: { current: number | null }[] }[];
    corrected.find((s) => s.key === 'cash')!.rows[0]!.current = 1_300_000;
    await t.db.kysely
      .updateTable('notes')
      .set({ sections: JSON.stringify(corrected) })
      .where('id', '=', prior.id)
      .execute();
    const reopened = doc(await open(a, bookYear));
    expect(reopened.sections.find((s) => s.key === 'cash')!.rows[0]).toMatchObject({ prior: 1_200_000, carried: 1_234_567 });
    expect(reopened.restatements).toEqual(expected);
    await t.db.kysely.updateTable('notes').set({ sections: priorRow.sections }).where('id', '=', prior.id).execute();
    notes = ok;
  });

  it('fills the submission’s notes slot with the notes PDF once the notes are submitted', async () => {
    const sub = await openSubmission(a, bookYear);
    const link = (v: number) => a.inject({ method: 'POST', url: api(NotesPaths.submissionLink(sub.id)), payload: { version: v } });
    const early = await link(sub.version);
    expect(early.statusCode).toBe(409);
    expect(problem(early).code).toBe('NOTES_NOT_SUBMITTED');

    notes = doc(await submit(a, notes, true));
    const linked = await link(sub.version);
    expect(linked.statusCode).toBe(200);
    const detail = SubmissionDetail.parse(linked.json());
    const slot = detail.files.slots.find((s) => s.code === 'notes')!;
    expect(slot.file).toMatchObject({ kind: 'pdf', originalName: `notes-${bookYear}.pdf`, slot: 'notes' });
    expect(detail.checks.errors.find((e) => e.slot === 'notes')).toBeUndefined();
    const content = await a.inject({ url: api(`/files/${slot.file!.id}/content`) });
    expect(await pdfText(content.rawPayload)).toContain(t.app.t('lo', 'notesDocument.title'));

    // Linking again replaces the file; the first stays in the slot's history.
    const relinked = SubmissionDetail.parse((await link(detail.version)).json());
    const slot2 = relinked.files.slots.find((s) => s.code === 'notes')!;
    expect(slot2.file!.id).not.toBe(slot.file!.id);
    expect(slot2.history.map((f) => f.id)).toEqual([slot.file!.id]);
    // The submission's timeline and the notes' timeline both record it; so does the audit log.
    const subEvents = (await a.inject({ url: api(SubmissionPaths.events(sub.id)) })).json() as { items: { action: string }[] };
    expect(subEvents.items.slice(0, 2).map((e) => e.action)).toEqual(['file_replaced', 'file_uploaded']);
    const notesEvents = NotesEventPage.parse((await a.inject({ url: api(NotesPaths.events(notes.id)) })).json());
    expect(notesEvents.items[0]!.action).toBe('linked');
    const linkAudit = await t.db.kysely
      .selectFrom('auditLog')
      .select('action')
      .where('subjectId', '=', sub.id)
      .where('action', '=', 'notes.link')
      .execute();
    expect(linkAudit).toHaveLength(2);
    // A stale submission version changes nothing.
    expect((await link(detail.version + 1)).statusCode).toBe(409);
  });

  it('lists notes in the all-document history and the notes history; staff see them waiting on the overview', async () => {
    const docsRes = await a.inject({ url: `${api(SubmissionPaths.documents)}?kind=notes` });
    expect(docsRes.statusCode, docsRes.body).toBe(200);
    const docs = DocumentPage.parse(docsRes.json());
    expect(docs.items.map((d) => [d.kind, d.bookYear, d.status])).toEqual([
      ['notes', bookYear, 'submitted'],
      ['notes', bookYear - 1, 'accepted'],
    ]);
    expect(docs.items[1]!.file).toMatchObject({ id: prior.pdfFileId, kind: 'pdf' });
    expect(docs.items[0]!.file).toBeNull();

    const list = NotesPage.parse((await a.inject({ url: `${api(NotesPaths.list)}?limit=1` })).json());
    expect(list.items.map((n) => n.bookYear)).toEqual([bookYear]);
    const next = NotesPage.parse((await a.inject({ url: `${api(NotesPaths.list)}?limit=1&cursor=${list.nextCursor}` })).json());
    expect(next.items.map((n) => n.bookYear)).toEqual([bookYear - 1]);
    expect(next.nextCursor).toBeNull();
    const accepted = NotesPage.parse((await a.inject({ url: `${api(NotesPaths.list)}?status=accepted` })).json());
    expect(accepted.items.map((n) => n.id)).toEqual([prior.id]);

    const overview = StaffOverview.parse((await staff.inject({ url: api('/staff/overview') })).json());
    const group = overview.groups.find((g) => g.area === 'notes')!;
    expect(group.tiles.find((x) => x.key === 'notes.submitted')).toMatchObject({ count: 1, oldestAgeDays: 0, filter: { status: 'submitted' } });
  });

  it('keeps notes to their company (404), staff routes to staff (403), everything to signed-in users (401)', async () => {
    const id = notes.id;
    const sub = await openSubmission(a, bookYear - 2);
    const before = await row(id);
    const foreign: [string, string, unknown?][] = [
      ['GET', NotesPaths.one(id)],
      ['PATCH', NotesPaths.one(id), { version: before.version, sections: [{ key: 'basis', text: 'B was here' }] }],
      ['POST', NotesPaths.submit(id), { version: before.version, confirmWarnings: true }],
      ['GET', NotesPaths.events(id)],
      ['GET', NotesPaths.pdf(id)],
      ['HEAD', NotesPaths.pdf(id)],
      ['POST', NotesPaths.submissionLink(sub.id), { version: sub.version }],
    ];
    for (const [method, path, payload] of foreign) {
      const res = await b.inject({ method, url: api(path), ...(payload ? { payload: payload as object } : {}) });
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    expect(await row(id)).toEqual(before);
    expect(((await b.inject({ url: api(NotesPaths.list) })).json() as { items: { id: string }[] }).items.map((n) => n.id)).not.toContain(id);

    const staffRoutes: [string, string][] = [
      ['GET', NotesPaths.staffList],
      ['GET', NotesPaths.staffOne(id)],
      ['POST', NotesPaths.staffAction(id, 'start-review')],
      ['POST', NotesPaths.staffAction(id, 'return')],
      ['POST', NotesPaths.staffAction(id, 'accept')],
      ['GET', NotesPaths.staffPdf(id)],
    ];
    for (const [method, path] of staffRoutes) {
      const res = await a.inject({ method, url: api(path), ...(method === 'POST' ? { payload: { version: before.version } } : {}) });
      expect(res.statusCode, `${method} ${path}`).toBe(403);
    }
    const visitor = new Agent(t);
    for (const [method, path] of [...foreign, ...staffRoutes, ['GET', NotesPaths.list], ['POST', NotesPaths.list], ['GET', NotesPaths.check]] as [
      string,
      string,
    ][]) {
      const res = await visitor.inject({ method, url: api(path), ...(method === 'POST' || method === 'PATCH' ? { payload: {} } : {}) });
      expect(res.statusCode, `${method} ${path}`).toBe(401);
    }
    expect(await row(id)).toEqual(before);
    // A Lao-speaking user of another company: same 404, title in Lao.
    const lo = await aLo.inject({ url: api(NotesPaths.one(id)), headers: { 'accept-language': 'lo' } });
    expect(lo.statusCode).toBe(404);
    expect(problem(lo).title).toBe(t.app.t('lo', 'errors.NOT_FOUND'));
  });
});
