import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { API_BASE, AUDIT_ACTIONS, AUDIT_AREAS, AuditPaths, AuthPaths, BookingPaths, type AuditEntry } from '@bansi/shared';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialect, loginAs, registerCompany, type Agent, type TestApp } from '../../../test/helpers';
import { createTranslator, loadCatalogs } from '../../lib/i18n';
import { REPO_ROOT } from '../../paths';

const url = (path: string) => `${API_BASE}${path}`;
const t = createTranslator(loadCatalogs());
const LAO = /[\u0E80-\u0EFF]/;

/** Every `<area>.<verb>` the API's source hands to recordAudit (literal, or from a transition table). */
function actionsInSource(): Set<string> {
  const found = new Set<string>();
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? walk(join(dir, f)) : [join(dir, f)]));
  for (const file of walk(join(REPO_ROOT, 'apps/api/src')).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const text = readFileSync(file, 'utf8');
    for (const call of text.matchAll(/recordAudit\(/g)) {
      const literal = /['`]([a-z_]+\.[a-z_]+)['`]/.exec(text.slice(call.index, call.index + 400));
      if (literal) found.add(literal[1]!);
    }
    // actions picked from a table or a conditional (`AUDIT_ACTION`, `row.kind === 'invite' ? … : …`)
    for (const table of text.matchAll(/(?:AUDIT_ACTION[^=]*=|const action = )[^;]*;/g))
      for (const m of table[0].matchAll(/'([a-z_]+\.[a-z_]+)'/g)) found.add(m[1]!);
  }
  return found;
}

describe('the audit log reads like a record', () => {
  it('every action the API records is listed, and named in Lao (Lao script) and English (not the code)', () => {
    const inSource = actionsInSource();
    expect(inSource.size).toBeGreaterThan(40);
    for (const action of inSource) expect(AUDIT_ACTIONS, `${action} is recorded but not listed`).toContain(action);
    for (const action of AUDIT_ACTIONS) {
      const lo = t('lo', `audit.actions.${action}`);
      const en = t('en', `audit.actions.${action}`);
      expect(lo, action).toMatch(LAO);
      expect(en, action).not.toBe(`audit.actions.${action}`);
      expect(en, action).not.toContain(action);
    }
    for (const area of AUDIT_AREAS) {
      expect(t('lo', `audit.areas.${area}`), area).toMatch(LAO);
      expect(t('en', `audit.areas.${area}`), area).not.toBe(`audit.areas.${area}`);
    }
  });
});

describe(`the audit log on screen and as CSV (${dialect})`, () => {
  let app: TestApp;
  let admin: Agent;

  beforeAll(async () => {
    app = await createTestApp();
    admin = await loginAs(app, 'staffAdmin');
    await registerCompany(app, { company: { nameLo: 'ບໍລິສັດ ນ້ຳຄຳ ຈຳກັດ', nameEn: 'Nam Kham Co., Ltd.' } });
  });
  afterAll(() => app.close());

  const entries = async (lang: 'lo' | 'en', query: Record<string, string> = {}) => {
    await admin.inject({ method: 'PUT', url: url(AuthPaths.language), payload: { language: lang } });
    const res = await admin.inject({ url: url(AuditPaths.list), query, headers: { 'accept-language': lang } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().items as AuditEntry[];
  };

  it("names the action, the subject and the change in the reader's language; no raw code reaches the screen", async () => {
    const holiday = await admin.inject({
      method: 'POST',
      url: url(BookingPaths.holidays),
      payload: { date: '2031-06-02', nameLo: 'ວັນພັກທົດສອບ', nameEn: 'Test holiday' },
    });
    expect(holiday.statusCode, holiday.body).toBe(201);
    const [lo] = await entries('lo', { action: 'booking.holiday_create' });
    expect(lo).toMatchObject({
      actionLabel: 'ເພີ່ມວັນພັກ',
      subject: { kindLabel: 'ວັນພັກ', name: '2031-06-02 · ວັນພັກທົດສອບ', link: '/staff/reference?list=holidays' },
    });
    expect(lo!.changes).toContainEqual({ field: 'date', label: 'ວັນທີ', before: null, after: '2 ມິຖຸນາ 2031' });
    const [en] = await entries('en', { action: 'booking.holiday_create' });
    expect(en).toMatchObject({ actionLabel: 'Holiday added', subject: { kindLabel: 'Holiday', name: '2031-06-02 · Test holiday' } });
    expect(en!.changes).toContainEqual({ field: 'nameEn', label: 'Name (English)', before: null, after: 'Test holiday' });

    // the company's registration: its name, linked to its page, never its UUID alone
    const [registered] = await entries('lo', { action: 'company.register' });
    expect(registered!.subject).toMatchObject({ name: 'ບໍລິສັດ ນ້ຳຄຳ ຈຳກັດ', link: `/staff/companies/${registered!.subject.id}` });

    // no entry shows its code where a person reads it
    for (const e of await entries('lo', { limit: '100' })) {
      expect(e.actionLabel, e.action).not.toBe(e.action);
      expect(e.actionLabel, e.action).toMatch(LAO);
      expect(e.subject.kindLabel, e.subject.kind).not.toBe(e.subject.kind);
      for (const c of e.changes) expect(c.label, `${e.action} ${c.field}`).not.toBe(c.field);
    }
  });

  it('a state that moved reads "before → after" in words', async () => {
    const { presentChanges } = await import('./audit.presenter');
    const ctx = { t, lang: 'en' as const, names: new Map() };
    expect(presentChanges(ctx, { from: 'submitted', to: 'in_review', version: 3 })).toEqual([
      { field: 'change', label: 'What changed', before: 'Submitted', after: 'In review' },
      { field: 'version', label: 'Version', before: null, after: '3' },
    ]);
    expect(presentChanges({ ...ctx, lang: 'lo' }, { from: '2024-03-05T02:30:00.000Z', to: '2024-03-06T03:00:00.000Z' })[0]).toEqual({
      field: 'change',
      label: 'ສິ່ງທີ່ປ່ຽນ',
      before: '5 ມີນາ 2024, 09:30',
      after: '6 ມີນາ 2024, 10:00',
    });
  });

  it('the CSV: headers, actions and changes in the language, times in Vientiane as YYYY-MM-DD HH:MM', async () => {
    await admin.inject({ method: 'PUT', url: url(AuthPaths.language), payload: { language: 'lo' } });
    const res = await admin.inject({ url: url(AuditPaths.csv), query: { action: 'booking' }, headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    const rows = parse(res.rawPayload, { bom: true }) as string[][];
    expect(rows[0]!.slice(0, 6)).toEqual(['ເວລາ (ວຽງຈັນ)', 'ການກະທຳ', 'ຜູ້ກະທຳ', 'ບົດບາດ', 'ເລື່ອງ', 'ສິ່ງທີ່ປ່ຽນ']);
    const row = rows.find((r) => r[6] === 'booking.holiday_create')!;
    expect(row[0]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
    expect(row[1]).toBe('ເພີ່ມວັນພັກ');
    expect(row[4]).toBe('ວັນພັກ: 2031-06-02 · ວັນພັກທົດສອບ');
    expect(row[5]).toContain('ວັນທີ: 2 ມິຖຸນາ 2031');
    // staff admins only
    const reviewer = await loginAs(app, 'staff');
    expect((await reviewer.inject({ url: url(AuditPaths.csv) })).statusCode).toBe(403);
  });
});
