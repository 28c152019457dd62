import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  API_BASE,
  InfoPage,
  NotificationDetail,
  NotificationPage,
  PostDetail,
  PostPage,
  Problem,
  SearchPage,
  StaffNotification,
  StaffPost,
  StaffPostPage as StaffPostPageSchema,
  UnreadCount,
} from '@bansi/shared';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Agent, addCompanyUser, createTestApp, dialect, loginAs, referenceId, registerCompany, type TestApp } from '../../../test/helpers';
import { htmlToText, sanitizeRichText } from './content.sanitize';
import { contentDemoSeed } from './content.seed';

const url = (path: string) => `${API_BASE}${path}`;

/** Hostile rich text: nothing executable may survive the sanitiser. */
const HOSTILE = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<p onclick="alert(1)">click</p>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<svg onload=alert(1)><circle/></svg>',
  '<math><mtext><script>alert(1)</script></mtext></math>',
  '<iframe src="https://evil.example"></iframe>',
  '<object data="x.swf"></object><embed src="x.swf">',
  '<style>body{background:url(javascript:alert(1))}</style>',
  '<p style="background:url(javascript:alert(1))">styled</p>',
  '<form action="https://evil.example"><input name=a><button>go</button></form>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<body onload=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror="alert(1)"></video>',
  '<<script>script>alert(1)<</script>/script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<!--<script>alert(1)//--><script>alert(1)</script>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<template><script>alert(1)</script></template>',
  '<p><a href="#" onmouseover="alert(1)">hover</a></p>',
  '<table background="javascript:alert(1)"><tr><td>x</td></tr></table>',
  '<a href="//evil.example">protocol-relative</a>',
  '"><script>alert(1)</script>',
];

function assertHarmless(html: string) {
  expect(html).not.toMatch(/<\s*(script|iframe|object|embed|svg|math|style|form|input|button|meta|base|img|video|source|template|details|body)/i);
  expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  expect(html).not.toMatch(/javascript:|vbscript:|data:text/i);
  expect(html).not.toMatch(/\sstyle\s*=/i);
  expect(html).not.toMatch(/href="\/\//i);
}

describe('sanitizeRichText', () => {
  it.each(HOSTILE)('neutralises %s', (input) => {
    assertHarmless(sanitizeRichText(input));
  });

  it('keeps ordinary formatting, Lao text and safe links', () => {
    const html =
      '<h1>ຫົວຂໍ້</h1><p><strong>ສຳຄັນ</strong> and <em>this</em></p><ul><li>one</li></ul>' +
      '<a href="https://mof.gov.la/x">MoF</a> <a href="/blogs/a">inside</a> <a href="mailto:info@bansi.example">mail</a>';
    const out = sanitizeRichText(html);
    expect(out).toContain('<h2>ຫົວຂໍ້</h2>');
    expect(out).toContain('<strong>ສຳຄັນ</strong>');
    expect(out).toContain('<a href="https://mof.gov.la/x" target="_blank" rel="noopener noreferrer nofollow">MoF</a>');
    expect(out).toContain('<a href="/blogs/a">inside</a>');
    expect(out).toContain('href="mailto:info@bansi.example"');
  });

  it('turns HTML into readable text for search and excerpts', () => {
    expect(htmlToText('<p>Fees &amp; charges</p><p>second</p><ul><li>a</li><li>b</li></ul>')).toBe('Fees & charges second a b');
  });
});

describe(`content (${dialect})`, () => {
  let t: TestApp;
  let dataDir: string;
  let admin: Agent;
  let reviewer: Agent;
  let visitor: Agent;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'bansi-content-'));
    t = await createTestApp({ DATA_DIR: dataDir });
    admin = await loginAs(t, 'staffAdmin');
    reviewer = await loginAs(t, 'staff');
    visitor = new Agent(t);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  let slugCounter = 0;
  async function createPost(overrides: Record<string, unknown> = {}) {
    slugCounter += 1;
    const res = await admin.inject({
      method: 'POST',
      url: url('/staff/posts'),
      payload: { slug: `post-${slugCounter}`, category: 'news', titleLo: `ຂ່າວ ${slugCounter}`, bodyLo: '<p>ເນື້ອໃນ</p>', ...overrides },
    });
    expect(res.statusCode, res.body).toBe(201);
    return StaffPost.parse(res.json());
  }
  const act = (kind: string, id: string, action: string, payload?: object) =>
    admin.inject({ method: 'POST', url: url(`/staff/${kind}/${id}/${action}`), ...(payload ? { payload } : {}) });

  async function createNotification(audience: { kind: string; value?: string | null }, title = 'ແຈ້ງການ') {
    const res = await admin.inject({
      method: 'POST',
      url: url('/staff/notifications'),
      payload: { titleLo: title, titleEn: `EN ${title}`, bodyLo: `<p>${title}</p>`, audience: { value: null, ...audience } },
    });
    expect(res.statusCode, res.body).toBe(201);
    const n = StaffNotification.parse(res.json());
    expect((await act('notifications', n.id, 'publish')).statusCode).toBe(200);
    return n;
  }

  describe('who may write', () => {
    it('lets reviewers read the back office lists but not write; companies and visitors get nothing', async () => {
      expect((await reviewer.inject({ url: url('/staff/posts') })).statusCode).toBe(200);
      const write = await reviewer.inject({ method: 'POST', url: url('/staff/posts'), payload: { slug: 'x', category: 'news', titleLo: 'x' } });
      expect(write.statusCode).toBe(403);
      const company = await loginAs(t, 'company');
      expect((await company.inject({ url: url('/staff/posts') })).statusCode).toBe(403);
      expect((await visitor.inject({ url: url('/staff/notifications') })).statusCode).toBe(401);
    });

    it('refuses a write without the CSRF header', async () => {
      const res = await t.app.inject({ method: 'POST', url: url('/staff/pages'), payload: { key: 'x', titleLo: 'x' } });
      expect(res.statusCode).toBe(403);
    });
  });

  describe('posts', () => {
    it('keeps drafts hidden, publishes, and falls back to Lao when English is empty', async () => {
      const post = await createPost({ slug: 'lao-only', titleLo: 'ຂ່າວພາສາລາວ', summaryLo: 'ສະຫຼຸບ', bodyLo: '<p>ລາວ</p>' });
      expect(post.status).toBe('draft');
      expect((await visitor.inject({ url: url('/posts/lao-only') })).statusCode).toBe(404);

      const live = StaffPost.parse((await act('posts', post.id, 'publish')).json());
      expect(live.effectiveStatus).toBe('published');
      const en = PostDetail.parse((await visitor.inject({ url: url('/posts/lao-only'), headers: { 'accept-language': 'en' } })).json());
      expect(en).toMatchObject({ title: 'ຂ່າວພາສາລາວ', summary: 'ສະຫຼຸບ', bodyHtml: '<p>ລາວ</p>', lang: 'lo' });

      const patch = await admin.inject({
        method: 'PATCH',
        url: url(`/staff/posts/${post.id}`),
        payload: { titleEn: 'Lao news', summaryEn: 'Summary', bodyEn: '<p>English</p>', expectedUpdatedAt: live.updatedAt },
      });
      expect(patch.statusCode, patch.body).toBe(200);
      const en2 = PostDetail.parse((await visitor.inject({ url: url('/posts/lao-only?lang=en') })).json());
      expect(en2).toMatchObject({ title: 'Lao news', bodyHtml: '<p>English</p>', lang: 'en' });
      const lo = PostDetail.parse((await visitor.inject({ url: url('/posts/lao-only') })).json());
      expect(lo.title).toBe('ຂ່າວພາສາລາວ');
    });

    it('answers 409 STALE to an edit based on an old version, and 400 to a slug in use', async () => {
      const post = await createPost();
      await admin.inject({ method: 'PATCH', url: url(`/staff/posts/${post.id}`), payload: { titleLo: 'ໃໝ່' } });
      const stale = await admin.inject({
        method: 'PATCH',
        url: url(`/staff/posts/${post.id}`),
        payload: { titleLo: 'ເກົ່າ', expectedUpdatedAt: post.updatedAt },
      });
      expect(stale.statusCode).toBe(409);
      expect(Problem.parse(stale.json()).code).toBe('STALE');
      const dup = await admin.inject({ method: 'POST', url: url('/staff/posts'), payload: { slug: post.slug, category: 'news', titleLo: 'x' } });
      // A taken slug is a conflict, the same 409 a concurrent twin gets from the unique index (decision 140).
      expect(dup.statusCode).toBe(409);
      expect(Problem.parse(dup.json()).errors?.[0]).toMatchObject({ path: 'body.slug', code: 'taken' });
    });

    it('stores hostile rich text harmlessly', async () => {
      const post = await createPost({ titleEn: 'Hostile', bodyLo: HOSTILE.join('\n'), bodyEn: `<p>ok</p>${HOSTILE.join('')}` });
      assertHarmless(post.bodyLo);
      assertHarmless(post.bodyEn);
      await act('posts', post.id, 'publish');
      const pub = PostDetail.parse((await visitor.inject({ url: url(`/posts/${post.slug}?lang=en`) })).json());
      assertHarmless(pub.bodyHtml);
      expect(pub.bodyHtml).toContain('<p>ok</p>');
    });

    it('shows a scheduled post only once its time has come, and hides it again when unpublished', async () => {
      const post = await createPost({ slug: 'scheduled-one' });
      const inAnHour = new Date(Date.now() + 3600_000).toISOString();
      const past = await act('posts', post.id, 'schedule', { publishAt: new Date(Date.now() - 1000).toISOString() });
      expect(past.statusCode).toBe(400);
      const scheduled = StaffPost.parse((await act('posts', post.id, 'schedule', { publishAt: inAnHour })).json());
      expect(scheduled).toMatchObject({ status: 'scheduled', effectiveStatus: 'scheduled', publishAt: inAnHour });
      expect((await visitor.inject({ url: url('/posts/scheduled-one') })).statusCode).toBe(404);
      const list = PostPage.parse((await visitor.inject({ url: url('/posts?limit=100') })).json());
      expect(list.items.map((p) => p.slug)).not.toContain('scheduled-one');
      const waiting = StaffPostPageSchema.parse((await admin.inject({ url: url('/staff/posts?status=scheduled') })).json());
      expect(waiting.items.map((p) => p.id)).toContain(post.id);

      // Two hours later (only the clock moves; sessions are not used meanwhile, they would idle out).
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 2 * 3600_000);
      expect((await visitor.inject({ url: url('/posts/scheduled-one') })).statusCode).toBe(200);
      const later = PostPage.parse((await visitor.inject({ url: url('/posts?limit=100') })).json());
      expect(later.items.map((p) => p.slug)).toContain('scheduled-one');
      vi.useRealTimers();

      await act('posts', post.id, 'unpublish');
      expect((await visitor.inject({ url: url('/posts/scheduled-one') })).statusCode).toBe(404);
    });

    it('pages through published posts, newest first, and filters by category', async () => {
      for (let i = 0; i < 3; i += 1) {
        const p = await createPost({ category: 'training', titleLo: `ຝຶກອົບຮົມ ${i}` });
        await act('posts', p.id, 'publish');
      }
      const first = PostPage.parse((await visitor.inject({ url: url('/posts?category=training&limit=2') })).json());
      expect(first.items).toHaveLength(2);
      expect(first.nextCursor).toBeTruthy();
      const second = PostPage.parse((await visitor.inject({ url: url(`/posts?category=training&limit=2&cursor=${first.nextCursor}`) })).json());
      expect(second.items).toHaveLength(1);
      expect(second.nextCursor).toBeNull();
      const titles = [...first.items, ...second.items].map((p) => p.title);
      expect(titles).toEqual(['ຝຶກອົບຮົມ 2', 'ຝຶກອົບຮົມ 1', 'ຝຶກອົບຮົມ 0']);
      expect((await visitor.inject({ url: url('/posts?cursor=garbage') })).statusCode).toBe(400);
    });
  });

  describe('cover images', () => {
    const upload = (agent: Agent, body: Buffer, type = 'image/png') =>
      agent.inject({ method: 'POST', url: url('/staff/images'), payload: body, headers: { 'content-type': type } });

    it('accepts a real image, stores resized WebP variants and serves them', async () => {
      const png = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#2266cc' } })
        .png()
        .toBuffer();
      const res = await upload(admin, png);
      expect(res.statusCode, res.body).toBe(201);
      const img = res.json() as { id: string; width: number; height: number; thumbUrl: string; largeUrl: string };
      expect(img).toMatchObject({ width: 1600, height: 800 });
      const thumb = await visitor.inject({ url: img.thumbUrl });
      expect(thumb.statusCode).toBe(200);
      expect(thumb.headers['content-type']).toBe('image/webp');
      expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 480, height: 320 });

      const post = await createPost({ slug: 'with-cover', coverImageId: img.id });
      await act('posts', post.id, 'publish');
      const pub = PostDetail.parse((await visitor.inject({ url: url('/posts/with-cover') })).json());
      expect(pub.cover?.largeUrl).toBe(img.largeUrl);
    });

    it('judges the type by content: a renamed text file, a GIF and a broken PNG are refused', async () => {
      expect((await upload(admin, Buffer.from('just text, not a picture'), 'image/png')).statusCode).toBe(415);
      expect((await upload(admin, Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'application/octet-stream')).statusCode).toBe(415);
      const broken = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
      expect((await upload(admin, broken)).statusCode).toBe(415);
      expect((await upload(admin, Buffer.from('<svg/>'), 'image/svg+xml')).statusCode).toBe(415);
    });

    it('refuses a file over the size limit with 413, and uploads by anyone but staff admins', async () => {
      const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(5 * 1024 * 1024 + 10)]);
      const res = await upload(admin, big, 'image/jpeg');
      expect(res.statusCode).toBe(413);
      expect(Problem.parse(res.json()).code).toBe('PAYLOAD_TOO_LARGE');
      const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
        .png()
        .toBuffer();
      expect((await upload(reviewer, png)).statusCode).toBe(403);
      expect((await upload(visitor, png)).statusCode).toBe(401);
    });

    it('rejects a cover id that is not an uploaded image', async () => {
      const res = await admin.inject({
        method: 'POST',
        url: url('/staff/posts'),
        payload: { slug: 'bad-cover', category: 'news', titleLo: 'x', coverImageId: '00000000-0000-4000-8000-000000000000' },
      });
      expect(res.statusCode).toBe(400);
    });
  });

  describe('notifications and audiences', () => {
    let a: Awaited<ReturnType<typeof registerCompany>>;
    let b: Awaited<ReturnType<typeof registerCompany>>;

    beforeAll(async () => {
      // A: trade, small, Vientiane Capital; B: services, medium, Phongsaly.
      a = await registerCompany(t);
      b = await registerCompany(t, {
        company: {
          categoryId: await referenceId(t, 'categories', 'services'),
          sizeId: await referenceId(t, 'sizes', 'medium'),
          provinceCode: '02',
          districtCode: '0201',
        },
      });
    });

    const ids = async (agent: Agent) =>
      NotificationPage.parse((await agent.inject({ url: url('/notifications?limit=100') })).json()).items.map((n) => n.id);
    const unread = async (agent: Agent) => UnreadCount.parse((await agent.inject({ url: url('/notifications/unread-count') })).json()).unread;

    it('shows a notification for company A to A only: not to B, not to the public', async () => {
      const before = await unread(a.agent);
      const forA = await createNotification({ kind: 'company', value: a.companyId }, 'ສະເພາະບໍລິສັດ A');
      expect(await ids(a.agent)).toContain(forA.id);
      expect(await ids(b.agent)).not.toContain(forA.id);
      expect(await ids(visitor)).not.toContain(forA.id);
      expect((await b.agent.inject({ url: url(`/notifications/${forA.id}`) })).statusCode).toBe(404);
      expect((await visitor.inject({ url: url(`/notifications/${forA.id}`) })).statusCode).toBe(404);
      expect((await b.agent.inject({ method: 'POST', url: url(`/notifications/${forA.id}/read`) })).statusCode).toBe(404);
      expect(await unread(a.agent)).toBe(before + 1);

      // A colleague in the same company sees it too, with their own read state.
      const colleague = await addCompanyUser(t, a.agent);
      expect(await ids(colleague)).toContain(forA.id);
      expect(await unread(colleague)).toBeGreaterThan(0);
    });

    it('targets companies by category, size and province', async () => {
      const trade = await createNotification({ kind: 'category', value: await referenceId(t, 'categories', 'trade') });
      const medium = await createNotification({ kind: 'size', value: await referenceId(t, 'sizes', 'medium') });
      const phongsaly = await createNotification({ kind: 'province', value: '02' });
      const everyone = await createNotification({ kind: 'companies' });
      const aSees = await ids(a.agent);
      const bSees = await ids(b.agent);
      expect(aSees).toEqual(expect.arrayContaining([trade.id, everyone.id]));
      expect(aSees).not.toEqual(expect.arrayContaining([medium.id]));
      expect(aSees).not.toContain(phongsaly.id);
      expect(bSees).toEqual(expect.arrayContaining([medium.id, phongsaly.id, everyone.id]));
      expect(bSees).not.toContain(trade.id);
      expect(await ids(visitor)).not.toEqual(expect.arrayContaining([everyone.id]));
    });

    it('shows public notifications to everyone, with read state only for company users', async () => {
      const pub = await createNotification({ kind: 'public' }, 'ແຈ້ງການສາທາລະນະ');
      const asVisitor = NotificationPage.parse((await visitor.inject({ url: url('/notifications') })).json());
      expect(asVisitor.items.find((n) => n.id === pub.id)).toMatchObject({ read: null, audience: 'public' });
      const asA = NotificationPage.parse((await a.agent.inject({ url: url('/notifications?limit=100') })).json());
      expect(asA.items.find((n) => n.id === pub.id)?.read).toBe(false);
      expect((await visitor.inject({ url: url('/notifications/unread-count') })).statusCode).toBe(401);
    });

    it('caps the unread count at 99+, across audiences, and counts down exactly below it', async () => {
      const c = await registerCompany(t);
      const now = Date.now();
      // 100 addressed to the company and one to every company: 101 unread besides the public ones
      const row = (i: number, audience: { kind: 'company' | 'companies'; value: string | null }) => ({
        id: randomUUID(),
        titleLo: `ແຈ້ງການ ${i}`,
        titleEn: `Notice ${i}`,
        bodyLo: '<p>ທົດລອງ</p>',
        bodyEn: '<p>test</p>',
        status: 'published' as const,
        publishAt: new Date(now - (i + 1) * 60_000).toISOString(),
        publishedAt: new Date(now - (i + 1) * 60_000).toISOString(),
        createdBy: null,
        updatedBy: null,
        createdAt: new Date(now).toISOString(),
        updatedAt: new Date(now).toISOString(),
        audienceKind: audience.kind,
        audienceValue: audience.value,
        link: null,
        excerptLo: 'ທົດລອງ',
        excerptEn: 'test',
      });
      const mine = Array.from({ length: 100 }, (_, i) => row(i, { kind: 'company', value: c.companyId }));
      await t.db.kysely
        .insertInto('contentNotifications')
        .values([...mine, row(100, { kind: 'companies', value: null })])
        .execute();
      const count = async () => UnreadCount.parse((await c.agent.inject({ url: url('/notifications/unread-count') })).json());
      expect(await count()).toEqual({ unread: 100, capped: true });
      expect(await unread(a.agent)).toBeLessThan(100); // another company's are not counted

      // reading all of the company's own leaves the others: the exact number again
      await t.db.kysely
        .insertInto('contentNotificationReads')
        .values(mine.map((n) => ({ notificationId: n.id, userId: c.agent.userId!, readAt: new Date(now).toISOString() })))
        .execute();
      const left = await count();
      expect(left.capped).toBe(false);
      const visible: NotificationPage['items'] = [];
      let cursor: string | null = null;
      do {
        const page: NotificationPage = NotificationPage.parse(
          (await c.agent.inject({ url: url(`/notifications?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`) })).json(),
        );
        visible.push(...page.items);
        cursor = page.nextCursor;
      } while (cursor);
      expect(visible.length).toBeGreaterThan(100);
      expect(left.unread).toBe(visible.filter((n) => n.read === false).length);
      expect(left.unread).toBeGreaterThanOrEqual(1); // the one to every company
    });

    it('counts unread notifications per user and clears them on mark-read (idempotent)', async () => {
      const n = await createNotification({ kind: 'company', value: a.companyId }, 'ອ່ານແລ້ວ');
      const before = await unread(a.agent);
      expect(before).toBeGreaterThan(0);
      const read = await a.agent.inject({ method: 'POST', url: url(`/notifications/${n.id}/read`) });
      expect(read.statusCode).toBe(200);
      expect(UnreadCount.parse(read.json()).unread).toBe(before - 1);
      expect((await a.agent.inject({ method: 'POST', url: url(`/notifications/${n.id}/read`) })).json()).toEqual({
        unread: before - 1,
        capped: false,
      });
      const detail = NotificationDetail.parse((await a.agent.inject({ url: url(`/notifications/${n.id}`) })).json());
      expect(detail.read).toBe(true);
      const staffView = StaffNotification.parse((await admin.inject({ url: url(`/staff/notifications/${n.id}`) })).json());
      expect(staffView.reads).toBe(1);
    });

    it('does not show drafts or unpublished notifications', async () => {
      const res = await admin.inject({
        method: 'POST',
        url: url('/staff/notifications'),
        payload: { titleLo: 'ຮ່າງ', audience: { kind: 'public' } },
      });
      const draft = StaffNotification.parse(res.json());
      expect(await ids(visitor)).not.toContain(draft.id);
      await act('notifications', draft.id, 'publish');
      expect(await ids(visitor)).toContain(draft.id);
      await act('notifications', draft.id, 'unpublish');
      expect(await ids(visitor)).not.toContain(draft.id);
    });

    it('finds companies to address by name or tax ID, for staff only', async () => {
      const byName = await reviewer.inject({ url: url(`/staff/audience/companies?q=${encodeURIComponent(a.body.company.nameEn.toUpperCase())}`) });
      expect(byName.statusCode).toBe(200);
      expect((byName.json() as { items: { id: string }[] }).items.map((c) => c.id)).toEqual([a.companyId]);
      const byTin = await reviewer.inject({ url: url(`/staff/audience/companies?q=${b.body.company.tin}`) });
      expect((byTin.json() as { items: { id: string }[] }).items.map((c) => c.id)).toEqual([b.companyId]);
      const byId = await reviewer.inject({ url: url(`/staff/audience/companies?id=${b.companyId}`) });
      expect((byId.json() as { items: { nameEn: string }[] }).items[0]?.nameEn).toBe(b.body.company.nameEn);
      expect((await a.agent.inject({ url: url('/staff/audience/companies?q=x') })).statusCode).toBe(403);
    });

    it('validates the audience: a value for targeted kinds only', async () => {
      const missing = await admin.inject({
        method: 'POST',
        url: url('/staff/notifications'),
        payload: { titleLo: 'x', audience: { kind: 'company' } },
      });
      expect(missing.statusCode).toBe(400);
      const extra = await admin.inject({
        method: 'POST',
        url: url('/staff/notifications'),
        payload: { titleLo: 'x', audience: { kind: 'public', value: 'x' } },
      });
      expect(extra.statusCode).toBe(400);
    });
  });

  describe('pages', () => {
    it('serves a page by key once published, 404 before', async () => {
      const res = await admin.inject({
        method: 'POST',
        url: url('/staff/pages'),
        payload: { key: 'fees-test', titleLo: 'ຄ່າທຳນຽມ', titleEn: 'Fees', bodyLo: '<p>ລາຄາ</p><script>x</script>', bodyEn: '<p>Prices</p>' },
      });
      expect(res.statusCode, res.body).toBe(201);
      const id = (res.json() as { id: string }).id;
      expect((await visitor.inject({ url: url('/pages/fees-test') })).statusCode).toBe(404);
      const preview = await reviewer.inject({ url: url(`/staff/pages/${id}/preview?lang=en`) });
      expect(preview.json()).toMatchObject({ title: 'Fees', bodyHtml: '<p>Prices</p>', lang: 'en' });
      await act('pages', id, 'publish');
      const page = InfoPage.parse((await visitor.inject({ url: url('/pages/fees-test') })).json());
      expect(page).toMatchObject({ key: 'fees-test', title: 'ຄ່າທຳນຽມ', bodyHtml: '<p>ລາຄາ</p>' });
      const dup = await admin.inject({ method: 'POST', url: url('/staff/pages'), payload: { key: 'fees-test', titleLo: 'x' } });
      expect(dup.statusCode).toBe(409);
      expect((await visitor.inject({ url: url('/pages/no-such-page') })).statusCode).toBe(404);
    });
  });

  describe('search', () => {
    let company: Awaited<ReturnType<typeof registerCompany>>;
    let other: Awaited<ReturnType<typeof registerCompany>>;
    const published: Record<string, string> = {};

    // A small Lao corpus, written as Lao is written: no spaces between words.
    beforeAll(async () => {
      company = await registerCompany(t);
      other = await registerCompany(t);
      const deadline = await createPost({
        slug: 'deadline-lo',
        titleLo: 'ແຈ້ງການກ່ຽວກັບກຳນົດເວລາຍື່ນລາຍງານການເງິນປະຈຳປີ',
        titleEn: 'Annual financial statements deadline',
        bodyLo: '<p>ວິສາຫະກິດທຸກແຫ່ງຕ້ອງຍື່ນລາຍງານການເງິນປະຈຳປີໃຫ້ກົມສ່ວຍສາອາກອນກ່ອນວັນທີ31ມີນາ</p>',
        bodyEn: '<p>Every enterprise must file its annual financial statements before 31 March.</p>',
      });
      await act('posts', deadline.id, 'publish');
      published.deadline = deadline.id;
      const seminar = await createPost({
        slug: 'seminar-ifrs',
        category: 'training',
        titleLo: 'ກອງປະຊຸມສຳມະນາກ່ຽວກັບມາດຕະຖານການລາຍງານທາງການເງິນສາກົນ',
        bodyLo: '<p>ກົມບັນຊີຈະຈັດກອງປະຊຸມສຳມະນາໃຫ້ນັກບັນຊີທີ່ນະຄອນຫຼວງວຽງຈັນ</p>',
      });
      await act('posts', seminar.id, 'publish');
      published.seminar = seminar.id;
      const draft = await createPost({ slug: 'secret-draft', titleLo: 'ຮ່າງລັບກ່ຽວກັບງົບປະມານແຫ່ງຊາດ', bodyLo: '<p>ງົບປະມານ</p>' });
      published.draft = draft.id;
      const later = await createPost({ slug: 'future-post', titleLo: 'ຂ່າວອະນາຄົດກ່ຽວກັບງົບປະມານ' });
      await act('posts', later.id, 'schedule', { publishAt: new Date(Date.now() + 86_400_000).toISOString() });
      const page = await admin.inject({
        method: 'POST',
        url: url('/staff/pages'),
        payload: { key: 'fees-search', titleLo: 'ຄ່າທຳນຽມ', bodyLo: '<p>ຄ່າທຳນຽມການບໍລິການກວດສອບບັນຊີສຳລັບວິສາຫະກິດຂະໜາດນ້ອຍ</p>' },
      });
      published.page = (page.json() as { id: string }).id;
      await act('pages', published.page, 'publish');
      const targeted = await createNotification({ kind: 'company', value: company.companyId }, 'ເອກະສານຂອງທ່ານຍັງຂາດໃບຢັ້ງຢືນການເສຍພາສີ');
      published.targeted = targeted.id;
    });

    const search = async (q: string, agent: Agent = visitor, lang = 'lo') => {
      const res = await agent.inject({ url: url(`/search?q=${encodeURIComponent(q)}`), headers: { 'accept-language': lang } });
      expect(res.statusCode, res.body).toBe(200);
      return SearchPage.parse(res.json()).items;
    };

    it.each([
      ['ລາຍງານ', 'deadline'], // inside ຍື່ນລາຍງານການເງິນ
      ['ການເງິນ', 'deadline'],
      ['ປະຈຳປີ', 'deadline'],
      ['ປະຈໍາປີ', 'deadline'], // typed with ໍ + າ
      ['ອາກອນ', 'deadline'], // inside ກົມສ່ວຍສາອາກອນ
      ['ມີນາ', 'deadline'],
      ['ມາດຕະຖານ', 'seminar'],
      ['ສາກົນ', 'seminar'],
      ['ນັກບັນຊີ', 'seminar'],
      ['ວຽງຈັນ', 'seminar'],
      ['ກວດສອບ', 'page'],
      ['ຂະໜາດນ້ອຍ', 'page'],
      ['financial statements', 'deadline'],
      ['Enterpr', 'deadline'], // the word being typed
    ])('finds %s inside unspaced text', async (q, doc) => {
      const items = await search(q);
      expect(items.map((i) => i.id)).toContain(published[doc]);
    });

    it('finds a Lao phrase that ICU splits across words (ການເງິນ in ທາງການ|ເງິນ)', async () => {
      const items = await search('ການເງິນ');
      expect(items.map((i) => i.id)).toEqual(expect.arrayContaining([published.deadline, published.seminar]));
    });

    it('ranks title hits first and highlights the match in the snippet', async () => {
      const items = await search('ມາດຕະຖານ');
      expect(items[0]).toMatchObject({ id: published.seminar, kind: 'post', ref: 'seminar-ifrs' });
      expect(items[0]!.snippet.filter((p) => p.hit).map((p) => p.text)).toContain('ມາດຕະຖານ');
      const en = await search('statements', visitor, 'en');
      expect(en[0]).toMatchObject({ title: 'Annual financial statements deadline' });
      expect(en[0]!.snippet.some((p) => p.hit && p.text.toLowerCase() === 'statements')).toBe(true);
    });

    it('finds nothing for words that are not there', async () => {
      expect(await search('ໂຮງໝໍ')).toEqual([]);
      expect(await search('hospital')).toEqual([]);
    });

    it('respects visibility: drafts, scheduled posts and other companies’ notifications are not found', async () => {
      expect((await search('ງົບປະມານ')).map((i) => i.id)).not.toContain(published.draft);
      expect(await search('ງົບປະມານ')).toEqual([]);
      expect((await search('ໃບຢັ້ງຢືນ', company.agent)).map((i) => i.id)).toContain(published.targeted);
      expect((await search('ໃບຢັ້ງຢືນ', other.agent)).map((i) => i.id)).not.toContain(published.targeted);
      expect((await search('ໃບຢັ້ງຢືນ', visitor)).map((i) => i.id)).not.toContain(published.targeted);
    });

    it('pages through results and validates the query', async () => {
      const first = await visitor.inject({ url: url(`/search?q=${encodeURIComponent('ການ')}&limit=1`) });
      const body = SearchPage.parse(first.json());
      expect(body.items).toHaveLength(1);
      expect(body.nextCursor).toBe('1');
      const second = SearchPage.parse((await visitor.inject({ url: url(`/search?q=${encodeURIComponent('ການ')}&limit=1&cursor=1`) })).json());
      expect(second.items[0]?.id).not.toBe(body.items[0]?.id);
      expect((await visitor.inject({ url: url('/search?q=') })).statusCode).toBe(400);
    });
  });
});

describe(`content demo seed (${dialect})`, () => {
  it('publishes demo news, notifications and pages, and changes nothing when run again', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'bansi-content-seed-'));
    const t = await createTestApp({ DATA_DIR: dataDir });
    try {
      await contentDemoSeed.run({ db: t.db, config: t.config });
      await contentDemoSeed.run({ db: t.db, config: t.config });
      const posts = PostPage.parse((await t.app.inject({ url: url('/posts') })).json());
      expect(posts.items.length).toBe(4);
      expect(posts.items.filter((p) => p.cover).length).toBe(3);
      const notes = NotificationPage.parse((await t.app.inject({ url: url('/notifications') })).json());
      expect(notes.items.length).toBe(2); // the third is for companies only
      for (const key of ['about-us', 'fees', 'faq', 'contacts']) {
        const page = InfoPage.parse((await t.app.inject({ url: url(`/pages/${key}?lang=en`) })).json());
        expect(page.lang).toBe('en');
      }
      const found = SearchPage.parse((await t.app.inject({ url: url(`/search?q=${encodeURIComponent('ຕົ້ນສະບັບ')}`) })).json());
      expect(found.items.length).toBeGreaterThan(0);
    } finally {
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
