import { API_BASE, BackofficePaths, Items, ReferenceItem, StaffReferenceItem, backofficeUrl } from '@bansi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialect, loginAs, referenceId, registerCompany, type Agent, type TestApp } from '../../../test/helpers';
import { getDetail, openSubmission, uploadInto } from '../../../test/submissions';

const url = (path: string) => `${API_BASE}${path}`;
const publicList = async (t: TestApp, list: string) => {
  const res = await t.app.inject({ url: url(`/reference/${list}`) });
  return { res, items: Items(ReferenceItem).parse(res.json()).items };
};

describe(`reference data edited by staff admins (${dialect})`, () => {
  let t: TestApp;
  let admin: Agent;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAs(t, 'staffAdmin');
  });
  afterAll(() => t.close());

  const audit = (subjectId: string) =>
    t.db.kysely
      .selectFrom('auditLog')
      .select(['action', 'actorUserId', 'details'])
      .where('subjectId', '=', subjectId)
      .orderBy('occurredAt')
      .execute();

  it('creates a row, edits its Lao and English names, and the next public request sees it (no-cache); each edit is audited', async () => {
    const created = await admin.inject({
      method: 'POST',
      url: url(backofficeUrl.referenceList('units')),
      payload: { code: 'field-office', nameLo: 'ຫ້ອງການພາກສະໜາມ', nameEn: 'Field office' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const row = StaffReferenceItem.parse(created.json());
    expect(row).toMatchObject({ list: 'units', active: true, inUse: 0, sortOrder: 3 });

    const before = await publicList(t, 'units');
    expect(before.res.headers['cache-control']).toBe('no-cache');
    expect(before.items.map((i) => i.code)).toContain('field-office');

    const edited = await admin.inject({
      method: 'PATCH',
      url: url(backofficeUrl.referenceItem('units', row.id)),
      payload: { nameLo: 'ຫ້ອງການສະໜາມ', nameEn: 'Site office' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = await publicList(t, 'units');
    expect(after.items.find((i) => i.id === row.id)).toMatchObject({ nameLo: 'ຫ້ອງການສະໜາມ', nameEn: 'Site office', code: 'field-office' });

    const entries = await audit(row.id);
    expect(entries.map((e) => e.action)).toEqual(['reference.create', 'reference.update']);
    expect(entries[1]!.actorUserId).toBe(admin.userId);
    expect(JSON.parse(entries[1]!.details!)).toMatchObject({ changed: { nameEn: { from: 'Field office', to: 'Site office' } } });
  });

  it('refuses bad input with a field problem in the caller language and changes nothing', async () => {
    const count = async () => (await t.db.kysely.selectFrom('referenceItems').select('id').execute()).length;
    const n = await count();
    const taken = await admin.inject({
      method: 'POST',
      url: url(backofficeUrl.referenceList('sizes')),
      payload: { code: 'micro', nameLo: 'ຊ້ຳ', nameEn: 'Duplicate' },
      headers: { 'accept-language': 'en' },
    });
    expect(taken.statusCode).toBe(409);
    const orphan = await admin.inject({
      method: 'POST',
      url: url(backofficeUrl.referenceList('departments')),
      payload: { code: 'fishery', nameLo: 'ການປະມົງ', nameEn: 'Fishery' },
      headers: { 'accept-language': 'lo' },
    });
    expect(orphan.statusCode).toBe(400);
    expect(orphan.json().errors).toEqual([expect.objectContaining({ path: 'body.parentId' })]);
    expect(orphan.json().title).toMatch(/[\u0E80-\u0EFF]/);
    const misplaced = await admin.inject({
      method: 'POST',
      url: url(backofficeUrl.referenceList('units')),
      payload: { code: 'kiosk', nameLo: 'ຮ້ານ', nameEn: 'Kiosk', required: true },
    });
    expect(misplaced.statusCode).toBe(400);
    const blank = await admin.inject({
      method: 'POST',
      url: url(backofficeUrl.referenceList('units')),
      payload: { code: 'Bad Code', nameLo: '', nameEn: 'x' },
    });
    expect(blank.statusCode).toBe(400);
    expect(await count()).toBe(n);
  });

  it('edits the checklist: a new optional document type with its allowed kinds, then required', async () => {
    const created = await admin.inject({
      method: 'POST',
      url: url(backofficeUrl.referenceList('document-types')),
      payload: { code: 'board-minutes', nameLo: 'ບົດບັນທຶກກອງປະຊຸມສະພາບໍລິຫານ', nameEn: 'Board minutes', kinds: ['pdf'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const row = StaffReferenceItem.parse(created.json());
    expect(row.extra).toEqual({ required: false, kinds: ['pdf'] });
    const patched = StaffReferenceItem.parse(
      (await admin.inject({ method: 'PATCH', url: url(backofficeUrl.referenceItem('document-types', row.id)), payload: { required: true } })).json(),
    );
    expect(patched.extra).toEqual({ required: true, kinds: ['pdf'] });
    // a company's checklist now has the slot, required
    const { agent } = await registerCompany(t);
    const sub = await openSubmission(agent, 2023);
    const slot = sub.files.slots.find((s) => s.code === 'board-minutes');
    expect(slot).toMatchObject({ required: true, kinds: ['pdf'], nameEn: 'Board minutes' });
  });

  it('retires a row in use instead of deleting it: gone from the forms, still shown on an old submission', async () => {
    const { agent } = await registerCompany(t);
    const sub = await openSubmission(agent, 2023);
    const { last } = await uploadInto(agent, sub.id, 'tax-summary', 'tax.pdf');
    expect(last.statusCode).toBe(204);
    const typeId = await referenceId(t, 'document-types', 'tax-summary');

    const listed = StaffReferenceItem.array().parse((await admin.inject({ url: url(backofficeUrl.referenceList('document-types')) })).json().items);
    expect(listed.find((i) => i.id === typeId)!.inUse).toBe(1);

    const retired = await admin.inject({ method: 'POST', url: url(backofficeUrl.referenceRetire('document-types', typeId)) });
    expect(retired.statusCode, retired.body).toBe(200);
    expect(StaffReferenceItem.parse(retired.json())).toMatchObject({ active: false, inUse: 1 });

    // the forms no longer offer it …
    expect((await publicList(t, 'document-types')).items.map((i) => i.code)).not.toContain('tax-summary');
    const fresh = await openSubmission((await registerCompany(t)).agent, 2023);
    expect(fresh.files.slots.map((s) => s.code)).not.toContain('tax-summary');
    // … the old submission still shows it, by name, with its file
    const old = await getDetail(agent, sub.id);
    expect(old.files.slots.find((s) => s.code === 'tax-summary')).toMatchObject({
      nameEn: 'Tax-payment summary',
      nameLo: 'ສັງລວມການເສຍອາກອນ',
      required: false,
      file: expect.objectContaining({ originalName: 'tax.pdf' }),
    });
    // the staff list keeps it, retired; it can come back
    const staffList = (await admin.inject({ url: url(backofficeUrl.referenceList('document-types')) })).json().items as StaffReferenceItem[];
    expect(staffList.find((i) => i.id === typeId)).toMatchObject({ active: false });
    const restored = await admin.inject({ method: 'POST', url: url(backofficeUrl.referenceRestore('document-types', typeId)) });
    expect(restored.json()).toMatchObject({ active: true });
    expect((await audit(typeId)).map((e) => e.action)).toEqual(['reference.retire', 'reference.restore']);
    // there is no way to delete a row
    expect((await admin.inject({ method: 'DELETE', url: url(backofficeUrl.referenceItem('document-types', typeId)) })).statusCode).toBe(404);
  });

  it('answers 404 for a row of another list; reviewers read but may not edit; companies may do neither', async () => {
    const sizeId = await referenceId(t, 'sizes', 'micro');
    expect(
      (await admin.inject({ method: 'PATCH', url: url(backofficeUrl.referenceItem('units', sizeId)), payload: { nameEn: 'X' } })).statusCode,
    ).toBe(404);
    const reviewer = await loginAs(t, 'staff');
    expect((await reviewer.inject({ url: url(backofficeUrl.referenceList('sizes')) })).statusCode).toBe(200);
    expect(
      (await reviewer.inject({ method: 'PATCH', url: url(backofficeUrl.referenceItem('sizes', sizeId)), payload: { nameEn: 'Tiny' } })).statusCode,
    ).toBe(403);
    expect((await reviewer.inject({ method: 'POST', url: url(backofficeUrl.referenceRetire('sizes', sizeId)) })).statusCode).toBe(403);
    const company = await loginAs(t, 'companyAdmin');
    expect((await company.inject({ url: url(backofficeUrl.referenceList('sizes')) })).statusCode).toBe(403);
    expect((await company.inject({ method: 'POST', url: url(backofficeUrl.referenceList('sizes')), payload: {} })).statusCode).toBe(403);
    const micro = (await publicList(t, 'sizes')).items.find((i) => i.id === sizeId)!;
    expect(micro.nameEn).toBe('Micro');
    expect(micro).toBeDefined();
    expect(BackofficePaths.referenceList).toBe('/staff/reference/:list');
  });
});
