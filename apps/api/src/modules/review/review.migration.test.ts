import {
  NotesDocument,
  NotesEventPage,
  NotesPaths,
  PaymentPaths,
  StaffInvoice,
  SubmissionDetail,
  SubmissionEventPage,
  SubmissionPaths,
  type SubmissionStatus,
} from '@bansi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../../db/migrate';
import { newId } from '../../lib/crypto';
import { createTestApp, dialect, loginAs, registerCompany, type Agent, type TestApp } from '../../../test/helpers';
import { issueInvoiceTo, papi } from '../../../test/payments';
import { jpegBytes } from '../../../test/file-fixtures';
import { uploadWhole } from '../../../test/tus';
import { api, openSubmission } from '../../../test/submissions';
import type { NotesEventsTable } from '../notes/notes.tables';
import type { SubmissionEventsTable } from '../submissions/submissions.tables';

/** The migration just before the one review table (decision 205). */
const BEFORE = '202611290100_mail_once';

/** The two timelines as they were before decision 205. */
type OldTables = {
  submissionEvents: SubmissionEventsTable;
  notesEvents: NotesEventsTable;
};

const STATUSES: SubmissionStatus[] = ['draft', 'submitted', 'in_review', 'returned', 'resubmitted', 'accepted'];
/** How many of the timeline's entries a filing in each status has come through. */
const REACHED: Record<SubmissionStatus, number> = { draft: 2, submitted: 3, in_review: 5, returned: 7, resubmitted: 9, accepted: 10 };

const at = (minute: number) => new Date(Date.UTC(2026, 0, 5, 9, minute)).toISOString();

// Decision 205: the rows of submission_events and notes_events move into review_events with nothing lost.
describe(`the one review events table: migrating old timelines (${dialect})`, () => {
  let t: TestApp;
  let company: Agent & { companyId: string | null };
  let staff: Agent;
  const filings = new Map<SubmissionStatus, { id: string; events: SubmissionEventsTable[] }>();
  const notesDocs = new Map<SubmissionStatus, { id: string; events: NotesEventsTable[] }>();
  const slips: { invoiceId: string; status: 'pending' | 'confirmed' | 'rejected'; reason: string | null }[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const registered = await registerCompany(t);
    company = registered.agent;
    staff = await loginAs(t, 'staff');
    // a draft filing and notes made through the API give rows the old schema accepts
    const draft = await openSubmission(company, t.config.BOOK_YEAR);
    const notesRes = await company.inject({ method: 'POST', url: api(NotesPaths.list), payload: { bookYear: t.config.BOOK_YEAR } });
    expect(notesRes.statusCode, notesRes.body).toBeLessThan(300);
    const notes = NotesDocument.parse(notesRes.json());
    for (const status of ['pending', 'confirmed', 'rejected'] as const) {
      const invoice = await issueInvoiceTo(t, company, [{ description: `Slip ${status}`, amount: 100_000 }], staff);
      const up = await uploadWhole(company, { ownerKind: 'invoice', ownerId: invoice.id, slot: 'slip', filename: `${status}.jpg` }, jpegBytes(900));
      expect(up.last.statusCode, up.last.body).toBe(204);
      slips.push({ invoiceId: invoice.id, status, reason: status === 'rejected' ? 'Another account' : null });
    }

    await migrateTo(t.db, BEFORE);
    const k = t.db.kysely.withTables<OldTables>();
    const subRow = await k.selectFrom('submissions').selectAll().where('id', '=', draft.id).executeTakeFirstOrThrow();
    const notesRow = await k.selectFrom('notes').selectAll().where('id', '=', notes.id).executeTakeFirstOrThrow();
    const staffName = 'Reviewer Keo';
    for (const [i, status] of STATUSES.entries()) {
      const submissionId = newId();
      const submitted = status === 'draft' ? null : at(2);
      await k
        .insertInto('submissions')
        .values({
          ...subRow,
          id: submissionId,
          bookYear: 2011 + i,
          status,
          reference: submitted ? `BS-${2011 + i}-00000${i}` : null,
          submittedAt: submitted,
          firstSubmittedAt: submitted,
          acceptedAt: status === 'accepted' ? at(9) : null,
        })
        .execute();
      const base = { submissionId, actorId: company.userId, actorKind: 'company' as const, actorName: 'Company Ms Dao', ord: 0 };
      const none = { fromStatus: null, toStatus: null, comment: null, fileId: null, slot: null, fileName: null, partOfReturn: 0, details: null };
      const staffBy = { actorId: staff.userId, actorKind: 'staff' as const, actorName: staffName };
      const commentId = newId();
      const all: SubmissionEventsTable[] = [
        { ...base, ...none, id: newId(), at: at(1), action: 'created', toStatus: 'draft' },
        { ...base, ...none, id: newId(), at: at(1), ord: 1, action: 'updated', details: JSON.stringify({ fields: ['averageLabour'] }) },
        { ...base, ...none, id: newId(), at: at(2), action: 'submitted', fromStatus: 'draft', toStatus: 'submitted' },
        { ...base, ...none, ...staffBy, id: newId(), at: at(3), action: 'review_started', fromStatus: 'submitted', toStatus: 'in_review' },
        {
          ...base,
          ...none,
          ...staffBy,
          id: commentId,
          at: at(4),
          action: 'commented',
          comment: 'ຕົວເລກບໍ່ກົງ',
          fileId: newId(),
          slot: 'cash-flow',
          fileName: 'cash.pdf',
        },
        {
          ...base,
          ...none,
          ...staffBy,
          id: newId(),
          at: at(5),
          action: 'returned',
          fromStatus: 'in_review',
          toStatus: 'returned',
          comment: 'Please fix',
        },
        {
          ...base,
          ...none,
          ...staffBy,
          id: newId(),
          at: at(5),
          ord: 1,
          action: 'commented',
          comment: 'Sign page 2',
          fileId: newId(),
          slot: 'notes',
          fileName: 'n.pdf',
          partOfReturn: 1,
        },
        { ...base, ...none, id: newId(), at: at(6), action: 'answered', comment: 'Fixed', details: JSON.stringify({ answersId: commentId }) },
        { ...base, ...none, id: newId(), at: at(7), action: 'resubmitted', fromStatus: 'returned', toStatus: 'resubmitted' },
        { ...base, ...none, ...staffBy, id: newId(), at: at(9), action: 'accepted', fromStatus: 'in_review', toStatus: 'accepted' },
      ];
      const events = all.slice(0, REACHED[status]);
      await k.insertInto('submissionEvents').values(events).execute();
      filings.set(status, { id: submissionId, events });

      const notesId = newId();
      await k
        .insertInto('notes')
        .values({ ...notesRow, id: notesId, bookYear: 2011 + i, status, submittedAt: submitted, firstSubmittedAt: submitted, pdfFileId: null })
        .execute();
      const nbase = { notesId, actorId: company.userId, actorKind: 'company' as const, actorName: 'Company Ms Dao', ord: 0 };
      const nnone = { fromStatus: null, toStatus: null, comment: null, section: null, partOfReturn: 0, details: null };
      const nall: NotesEventsTable[] = [
        { ...nbase, ...nnone, id: newId(), at: at(1), action: 'created', toStatus: 'draft' },
        { ...nbase, ...nnone, id: newId(), at: at(1), ord: 1, action: 'updated', details: JSON.stringify({ sections: ['general'] }) },
        { ...nbase, ...nnone, id: newId(), at: at(2), action: 'submitted', fromStatus: 'draft', toStatus: 'submitted' },
        { ...nbase, ...nnone, ...staffBy, id: newId(), at: at(3), action: 'review_started', fromStatus: 'submitted', toStatus: 'in_review' },
        { ...nbase, ...nnone, ...staffBy, id: newId(), at: at(4), action: 'commented', comment: 'ກວດຄືນ' },
        {
          ...nbase,
          ...nnone,
          ...staffBy,
          id: newId(),
          at: at(5),
          action: 'returned',
          fromStatus: 'in_review',
          toStatus: 'returned',
          comment: 'Please fix',
        },
        {
          ...nbase,
          ...nnone,
          ...staffBy,
          id: newId(),
          at: at(5),
          ord: 1,
          action: 'commented',
          comment: 'A section',
          section: 'general',
          partOfReturn: 1,
        },
        { ...nbase, ...nnone, id: newId(), at: at(6), action: 'updated' },
        { ...nbase, ...nnone, id: newId(), at: at(7), action: 'resubmitted', fromStatus: 'returned', toStatus: 'resubmitted' },
        { ...nbase, ...nnone, ...staffBy, id: newId(), at: at(9), action: 'accepted', fromStatus: 'in_review', toStatus: 'accepted' },
      ];
      const nevents = nall.slice(0, REACHED[status]);
      await k.insertInto('notesEvents').values(nevents).execute();
      notesDocs.set(status, { id: notesId, events: nevents });
    }
    for (const slip of slips.filter((s) => s.status !== 'pending'))
      await k
        .updateTable('invoiceSlips')
        .set({ status: slip.status, rejectReason: slip.reason, decidedBy: staff.userId, decidedAt: at(8) })
        .where('invoiceId', '=', slip.invoiceId)
        .execute();

    await migrateToLatest(t.db);
  }, 120_000);
  afterAll(() => t.close());

  it('moves every row into review_events with its id, and drops the old tables', async () => {
    const rows = await t.db.kysely.selectFrom('reviewEvents').select(['id', 'kind', 'subjectId']).execute();
    const ids = (kind: string) =>
      rows
        .filter((r) => r.kind === kind)
        .map((r) => r.id)
        .sort();
    // the API-made draft filing and notes each had their 'created' event too
    const filingIds = [...filings.values()].flatMap((f) => f.events.map((e) => e.id));
    const notesIds = [...notesDocs.values()].flatMap((n) => n.events.map((e) => e.id));
    expect(ids('submission')).toEqual(expect.arrayContaining(filingIds));
    expect(ids('submission')).toHaveLength(filingIds.length + 1);
    expect(ids('notes')).toEqual(expect.arrayContaining(notesIds));
    expect(ids('notes')).toHaveLength(notesIds.length + 1);
    const k = t.db.kysely.withTables<OldTables>();
    await expect(k.selectFrom('submissionEvents').select('id').execute()).rejects.toThrow();
    await expect(k.selectFrom('notesEvents').select('id').execute()).rejects.toThrow();
  });

  it('filings read back in every state with their timeline in order and their comments', async () => {
    for (const [status, { id, events }] of filings) {
      const res = await company.inject({ url: api(SubmissionPaths.one(id)) });
      expect(res.statusCode, res.body).toBe(200);
      const detail = SubmissionDetail.parse(res.json());
      expect(detail.status).toBe(status);
      const page = SubmissionEventPage.parse((await company.inject({ url: api(SubmissionPaths.events(id)) })).json());
      expect(page.items.map((e) => [e.id, e.action, e.actor.name, e.fromStatus, e.toStatus, e.comment, e.fileName])).toEqual(
        [...events].reverse().map((e) => [e.id, e.action, e.actorName, e.fromStatus, e.toStatus, e.comment, e.fileName]),
      );
      const withComment = events.filter((e) => e.comment !== null);
      expect(detail.comments.map((c) => [c.id, c.body, c.returned, c.slot, c.answersId])).toEqual(
        withComment.map((e) => [
          e.id,
          e.comment,
          e.action === 'returned' || e.partOfReturn === 1,
          e.slot,
          e.action === 'answered' ? (JSON.parse(e.details!) as { answersId: string }).answersId : null,
        ]),
      );
      if (status !== 'draft') {
        const staffView = await staff.inject({ url: api(SubmissionPaths.staffOne(id)) });
        expect(staffView.statusCode, staffView.body).toBe(200);
        expect((staffView.json() as { events: { id: string }[] }).events.map((e) => e.id)).toEqual([...events].reverse().map((e) => e.id));
      }
    }
  });

  it('notes read back in every state with their timeline in order and their staff comments', async () => {
    for (const [status, { id, events }] of notesDocs) {
      const doc = NotesDocument.parse((await company.inject({ url: api(NotesPaths.one(id)) })).json());
      expect(doc.status).toBe(status);
      const page = NotesEventPage.parse((await company.inject({ url: api(NotesPaths.events(id)) })).json());
      expect(page.items.map((e) => [e.id, e.action, e.actor.name, e.fromStatus, e.toStatus, e.comment, e.sections])).toEqual(
        [...events]
          .reverse()
          .map((e) => [
            e.id,
            e.action,
            e.actorName,
            e.fromStatus,
            e.toStatus,
            e.comment,
            [...((e.details ? (JSON.parse(e.details) as { sections?: string[] }) : {}).sections ?? []), ...(e.section ? [e.section] : [])],
          ]),
      );
      expect(doc.comments.map((c) => [c.id, c.body, c.returned, c.section])).toEqual(
        events
          .filter((e) => e.comment !== null && e.actorKind === 'staff')
          .map((e) => [e.id, e.comment, e.action === 'returned' || e.partOfReturn === 1, e.section]),
      );
    }
  });

  it('slips read back in every state', async () => {
    for (const slip of slips) {
      const invoice = StaffInvoice.parse((await staff.inject({ url: papi(PaymentPaths.staffInvoice(slip.invoiceId)) })).json());
      expect(invoice.slip).toMatchObject({ status: slip.status, rejectReason: slip.reason, fileName: `${slip.status}.jpg` });
    }
  });
});
