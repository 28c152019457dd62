import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_BASE, SearchPage, StaffNotification, StaffPost } from '@bansi/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plansOf } from '../../../test/explain';
import { Agent, createTestApp, dialect, loginAs, registerCompany, testConfig, type TestApp } from '../../../test/helpers';
import { buildApp } from '../../app';
import { openDb } from '../../db/index';
import { migrateToLatest } from '../../db/migrate';
import { runSeeds } from '../../db/seed';
import { VISITOR } from './content.policy';
import { audienceToken, countUnread, listLiveNotifications, listLivePosts, searchDocuments } from './content.repository';
import { stopSearchWorker } from './content.search-pool';
import { search as searchAs } from './content.search';

/**
 * SQLite: the app on a database file, as in production, so that search runs in its worker thread
 * (an in-memory database, which the other tests use, cannot be opened by a second connection).
 */
async function createFileTestApp(): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'bansi-search-'));
  const db = openDb(`sqlite:${join(dir, 'bansi.sqlite')}`);
  await migrateToLatest(db);
  const config = testConfig();
  await runSeeds({ db, config }, { demo: false });
  const app = await buildApp({ config, db, serveWeb: false, startWorkers: false });
  await app.ready();
  return {
    app,
    db,
    config,
    close: async () => {
      await app.close();
      await stopSearchWorker();
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
      rmSync(config.DATA_DIR, { recursive: true, force: true });
    },
  };
}

// Search through the substring index, ranked in SQL, and the indexes of the readers' lists
// (issue 17, decisions 100 and 101).

const url = (path: string) => `${API_BASE}${path}`;

describe(`search index and list indexes (${dialect})`, () => {
  let t: TestApp;
  let admin: Agent;
  let visitor: Agent;
  let company: Awaited<ReturnType<typeof registerCompany>>;
  let other: Awaited<ReturnType<typeof registerCompany>>;
  const ids: Record<string, string> = {};

  const publish = async (kind: string, id: string) =>
    expect((await admin.inject({ method: 'POST', url: url(`/staff/${kind}/${id}/publish`) })).statusCode).toBe(200);
  async function post(slug: string, fields: Record<string, string>) {
    const res = await admin.inject({ method: 'POST', url: url('/staff/posts'), payload: { slug, category: 'news', ...fields } });
    expect(res.statusCode, res.body).toBe(201);
    const p = StaffPost.parse(res.json());
    await publish('posts', p.id);
    return p.id;
  }
  async function notification(fields: Record<string, string>, audience: { kind: string; value: string | null } = { kind: 'public', value: null }) {
    const res = await admin.inject({ method: 'POST', url: url('/staff/notifications'), payload: { ...fields, audience } });
    expect(res.statusCode, res.body).toBe(201);
    const n = StaffNotification.parse(res.json());
    await publish('notifications', n.id);
    return n.id;
  }

  beforeAll(async () => {
    t = dialect === 'sqlite' ? await createFileTestApp() : await createTestApp();
    admin = await loginAs(t, 'staffAdmin');
    visitor = new Agent(t);
    company = await registerCompany(t);
    other = await registerCompany(t);
    // A common Lao word (ບັນຊີ "accounts") and a common English one (report) in the body of everything;
    // once in a notification's title. Rare words once each; Lao written without spaces, as it is.
    for (let i = 0; i < 8; i += 1) {
      ids[`post${i}`] = await post(`common-${i}`, {
        titleLo: `ຂ່າວສານປະຈຳອາທິດທີ${i + 1}`,
        titleEn: `Weekly news ${i + 1}`,
        bodyLo: `<p>ກົມບັນຊີແຈ້ງໃຫ້ວິສາຫະກິດທຸກແຫ່ງກະກຽມເອກະສານ</p>`,
        bodyEn: `<p>The accounting department asks every enterprise to prepare its report.</p>`,
      });
      ids[`note${i}`] = await notification({
        titleLo: `ແຈ້ງການເລກທີ${i + 1}`,
        titleEn: `Notice ${i + 1}`,
        bodyLo: `<p>ກະລຸນາກວດສອບບັນຊີຂອງທ່ານກ່ອນສົ່ງ</p>`,
        bodyEn: `<p>Please check your report before you send it.</p>`,
      });
    }
    ids.titled = await notification({ titleLo: 'ປິດບັນຊີປະຈຳປີ', titleEn: 'Closing the annual report', bodyLo: '<p>ກຳນົດເວລາ</p>' });
    ids.rareLo = await notification({
      titleLo: 'ກອງປະຊຸມ',
      bodyLo: '<p>ກອງປະຊຸມຈະຈັດຂຶ້ນທີ່ແຂວງຫຼວງພະບາງໃນເດືອນໜ້າ</p>',
      bodyEn: '<p>The meeting is in Luang Prabang; bring your audit letter.</p>',
    });
    ids.targeted = await notification(
      { titleLo: 'ເອກະສານຂອງທ່ານ', bodyLo: '<p>ບໍລິສັດຂອງທ່ານຍັງຂາດໃບຢັ້ງຢືນຫຼວງພະບາງ</p>' },
      { kind: 'company', value: company.companyId },
    );
    ids.shortWord = await post('short-word', { titleLo: 'ປີ 2024 ເລີ່ມແລ້ວ', bodyLo: '<p>ສະບາຍດີ</p>' });
  });
  afterAll(() => t.close());

  const search = async (q: string, agent: Agent = visitor, lang = 'lo') => {
    const res = await agent.inject({ url: url(`/search?q=${encodeURIComponent(q)}&limit=50`), headers: { 'accept-language': lang } });
    expect(res.statusCode, res.body).toBe(200);
    return SearchPage.parse(res.json()).items;
  };

  it('finds a common Lao word in every kind, a title hit first, notifications ranked beside posts', async () => {
    const items = await search('ບັນຊີ');
    expect(items.length).toBe(17);
    expect(items[0]).toMatchObject({ id: ids.titled, kind: 'notification' });
    expect(new Set(items.map((i) => i.kind))).toEqual(new Set(['post', 'notification']));
    expect(items[0]!.snippet.some((p) => p.hit)).toBe(true);
  });

  it('finds a common English word, the title hit first, with an English snippet', async () => {
    const items = await search('report', visitor, 'en');
    expect(items.length).toBe(17);
    expect(items[0]).toMatchObject({ id: ids.titled, title: 'Closing the annual report' });
    expect(items[1]!.snippet.some((p) => p.hit && p.text === 'report')).toBe(true);
  });

  it('finds a rare Lao word inside unspaced text, and a rare English word, only where the reader may see it', async () => {
    expect((await search('ຫຼວງພະບາງ')).map((i) => i.id)).toEqual([ids.rareLo]);
    expect((await search('ຫລວງພະບາງ')).map((i) => i.id)).toEqual([ids.rareLo]);
    expect((await search('ຫຼວງພະບາງ', company.agent)).map((i) => i.id).sort()).toEqual([ids.rareLo, ids.targeted].sort());
    expect((await search('ຫຼວງພະບາງ', other.agent)).map((i) => i.id)).toEqual([ids.rareLo]);
    expect((await search('audit', visitor, 'en')).map((i) => i.id)).toEqual([ids.rareLo]);
    expect((await search('prabang', visitor, 'en')).map((i) => i.id)).toEqual([ids.rareLo]);
  });

  it('finds nothing for absent words, and a Latin word only as a word (not inside another)', async () => {
    expect(await search('ຊ້າງເຜືອກ')).toEqual([]);
    expect(await search('hospital')).toEqual([]);
    expect(await search('port')).toEqual([]); // inside "report"
    expect((await search('repo')).length).toBe(17); // the word being typed
  });

  it('answers searches sent at once each with its own results (several search threads on SQLite)', async () => {
    const asked = [
      ['ຫຼວງພະບາງ', visitor, [ids.rareLo]],
      ['ຊ້າງເຜືອກ', visitor, []],
      ['ຫຼວງພະບາງ', company.agent, [ids.rareLo, ids.targeted]],
      ['audit', visitor, [ids.rareLo]],
      ['ຫຼວງພະບາງ', other.agent, [ids.rareLo]],
      ['hospital', visitor, []],
    ] as const;
    const answers = await Promise.all([...asked, ...asked].map(([q, agent]) => search(q, agent)));
    expect(answers.map((items) => items.map((i) => i.id).sort())).toEqual([...asked, ...asked].map(([, , want]) => [...want].sort()));
  });

  it('finds a notification only for its audience even when its index token is another reader’s (SQLite)', async () => {
    const id = await notification({ titleLo: 'ແຈ້ງການ', titleEn: 'Quokka sighting' }, { kind: 'company', value: other.companyId });
    expect((await search('quokka', other.agent)).map((i) => i.id)).toEqual([id]);
    if (dialect !== 'sqlite') return;
    // Two audiences whose hashes share a token (one pair in 41 million): forged here by rewriting the
    // index entry with `company`'s token. The index now offers it to `company`; the ranking says no.
    const doc = await t.db.kysely.selectFrom('searchDocuments').select(['id', 'matchAll']).where('docId', '=', id).executeTakeFirstOrThrow();
    await sql`delete from search_index where rowid = ${doc.id}`.execute(t.db.kysely);
    await sql`insert into search_index (rowid, match_all, audience) values (${doc.id}, ${doc.matchAll}, ${audienceToken('company', company.companyId)})`.execute(
      t.db.kysely,
    );
    expect(await search('quokka', company.agent)).toEqual([]);
  });

  it.runIf(dialect === 'postgres')('looks a word up in the older rows when the newest hold few of its matches (PostgreSQL)', async () => {
    const now = new Date().toISOString();
    const ask = (pattern: string, recentRows: number) =>
      searchDocuments(t.db.kysely, { patterns: [pattern], mode: 'all', target: VISITOR, now, offset: 0, limit: 50, recentRows }).then((r) =>
        r.map((d) => d.docId),
      );
    // The newest two rows hold neither word: the rare one is found through the trigram index, and the
    // common one in every row as well (fewer than RECENT_ENOUGH among the newest).
    expect(await ask('ຫຼວງພະບາງ', 2)).toEqual([ids.rareLo]);
    expect((await ask('ບັນຊີ', 2)).length).toBe(17);
    expect(await ask('ຊ້າງເຜືອກ', 2)).toEqual([]);
  });

  it('ranks within a window of the newest matches and reaches older ones by "more results" (decision 100)', async () => {
    // Seven posts with one word; the oldest has it in its title (the best score), the others in their bodies.
    const windowed: string[] = [];
    for (let i = 0; i < 7; i += 1) {
      windowed.push(
        await post(`windowed-${i}`, {
          titleLo: i === 0 ? 'ຂ່າວ zebrawindow' : `ຂ່າວ ${i}`,
          titleEn: i === 0 ? 'zebrawindow news' : `News ${i}`,
          bodyLo: '<p>ເນື້ອໃນ zebrawindow</p>',
        }),
      );
    }
    const ask = (cursor?: string, window?: number) => searchAs(t.app.deps, null, 'en', { q: 'zebrawindow', cursor, limit: 2, window });

    // Every match in one window: the title hit first.
    const all = await ask(undefined, 500);
    expect(all.items[0]!.id).toBe(windowed[0]);

    // Windows of three: the newest three ranked (all body hits, newest first), then "more results" goes on
    // to the next three, and the title hit comes in the last window, once, after the newer ones.
    const seen: string[] = [];
    const cursors: (string | null)[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10; page += 1) {
      const res = await ask(cursor, 3);
      seen.push(...res.items.map((i) => i.id));
      cursors.push(res.nextCursor);
      if (!res.nextCursor) break;
      cursor = res.nextCursor;
    }
    expect(seen).toEqual([...windowed].reverse());
    // offset 2 in the first window, then the second window (".<row>"), …, then nothing more.
    expect(cursors[0]).toBe('2');
    expect(cursors[1]).toMatch(/^0\.\d+$/);
    expect(cursors.at(-1)).toBeNull();
    // A broken cursor is refused as before.
    await expect(ask('0.x', 3)).rejects.toMatchObject({ status: 400 });
  });

  it('answers one- and two-character queries as whole words', async () => {
    expect((await search('ປີ')).map((i) => i.id)).toEqual([ids.shortWord]);
    expect(await search('ບ')).toEqual([]);
    expect((await visitor.inject({ url: url('/search?q=a') })).statusCode).toBe(200);
    expect(await search('%_')).toEqual([]);
  });

  it('reads search and every reader list from its index', async () => {
    const now = new Date().toISOString();
    const target = { kind: 'company' as const, companyId: company.companyId, categoryId: 'c', sizeId: 's', provinceCode: '01' };
    // SQLite: the FTS5 index (its MATCH); PostgreSQL: the newest rows by a range of the primary key,
    // the older ones (for a rarer word) through the trigram index.
    const searchPlans = (
      await plansOf(t.db, (k) => searchDocuments(k, { patterns: ['ບັນຊີ', ' report'], mode: 'all', target, now, offset: 0, limit: 20 }))
    ).join('\n');
    if (dialect === 'sqlite') expect(searchPlans).toContain('VIRTUAL TABLE INDEX');
    else {
      // The search text is a named statement (decision 110): its generic plan, the same for every word, takes the same paths.
      const generic = (
        await plansOf(t.db, (k) => searchDocuments(k, { patterns: ['ບັນຊີ', ' report'], mode: 'all', target, now, offset: 0, limit: 20 }), [], {
          generic: true,
        })
      ).join('\n');
      for (const plans of [searchPlans, generic]) {
        expect(plans).toMatch(/using search_documents_pkey[^\n]*\n(?:.*\n)*?\s*(?:Index Cond|Recheck Cond): \(id > /);
        expect(plans).toContain('Bitmap Index Scan on search_documents_trgm');
      }
    }

    const posts = (await plansOf(t.db, (k) => listLivePosts(k, { now, cursor: null, limit: 20 }))).join('\n');
    expect(posts).toContain('content_posts_live');
    const category = (await plansOf(t.db, (k) => listLivePosts(k, { now, category: 'news', cursor: { key: now, id: 'z' }, limit: 20 }))).join('\n');
    expect(category).toContain('content_posts_category_live');
    for (const who of [target, VISITOR]) {
      const list = (await plansOf(t.db, (k) => listLiveNotifications(k, { target: who, userId: 'u', now, cursor: null, limit: 20 }))).join('\n');
      // public (and all-company) rows: SQLite may take either index (it orders past `IS NULL`); PostgreSQL the partial one
      expect(list).toMatch(dialect === 'sqlite' ? /content_notifications_(broad|audience)_live/ : /content_notifications_broad_live/);
      if (who.kind === 'company') expect(list).toContain('content_notifications_audience_live'); // targeted rows
    }
    const unread = (await plansOf(t.db, (k) => countUnread(k, target, 'u', now))).join('\n');
    expect(unread).toContain('content_notifications_audience_live');
    if (dialect === 'postgres') expect(unread).toContain('content_notifications_broad_live');
    if (dialect === 'sqlite') {
      expect(posts + category).not.toContain('USE TEMP B-TREE');
      expect(posts + category).not.toMatch(/SCAN content_posts\b(?! USING)/);
    }
  });

  it('limits searches per address, like log-in (429 RATE_LIMITED in the caller’s language)', async () => {
    const limited = await createTestApp({ RATE_LIMIT_SEARCH_PER_MINUTE: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1)
        statuses.push((await limited.app.inject({ url: url('/search?q=ບັນຊີ'), headers: { 'accept-language': 'en' } })).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const last = await limited.app.inject({ url: url('/search?q=tax'), headers: { 'accept-language': 'en' } });
      expect(last.json()).toMatchObject({ code: 'RATE_LIMITED', status: 429 });
      expect((await limited.app.inject({ url: url('/posts') })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
