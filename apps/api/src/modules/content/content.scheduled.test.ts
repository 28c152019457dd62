import { API_BASE, PostPage, StaffPost, StaffPostPage } from '@bansi/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Agent, createTestApp, dialect, loginAs, type TestApp } from '../../../test/helpers';

/** Issue 10: a scheduled post publishes itself at its time (a job), and "published" means the same everywhere. */
describe(`scheduled publishing (${dialect})`, () => {
  let t: TestApp;
  let admin: Agent;
  let visitor: Agent;
  const url = (path: string) => `${API_BASE}${path}`;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAs(t, 'staffAdmin');
    visitor = new Agent(t);
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  async function scheduled(publishAt: string) {
    n += 1;
    const created = await admin.inject({
      method: 'POST',
      url: url('/staff/posts'),
      payload: { slug: `sched-${n}`, category: 'news', titleLo: `ຂ່າວ ${n}`, bodyLo: '<p>ເນື້ອໃນ</p>' },
    });
    const post = StaffPost.parse(created.json());
    const res = await admin.inject({ method: 'POST', url: url(`/staff/posts/${post.id}/schedule`), payload: { publishAt } });
    expect(res.statusCode).toBe(200);
    return post;
  }
  const stored = (id: string) =>
    t.db.kysely.selectFrom('contentPosts').select(['status', 'publishAt', 'updatedAt']).where('id', '=', id).executeTakeFirstOrThrow();
  const publicSlugs = async () => PostPage.parse((await visitor.inject({ url: url('/posts?limit=100') })).json()).items.map((p) => p.slug);
  const staffPublished = async () =>
    StaffPostPage.parse((await admin.inject({ url: url('/staff/posts?status=published&limit=100') })).json()).items.map((p) => p.id);

  it('becomes published at its time by itself, and lists agree before and after the job', async () => {
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const post = await scheduled(at);
    const before = await stored(post.id);
    expect(before.status).toBe('scheduled');
    // Not due yet: the job does nothing, nobody sees the post.
    expect(await t.app.jobs.runDue({ kinds: ['content.publish'] })).toBe(0);
    expect(await publicSlugs()).not.toContain(post.slug);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse(at) + 1_000);
    // Due, worker not yet run: readers and the staff filter already count it as published.
    expect(await publicSlugs()).toContain(post.slug);
    expect(await staffPublished()).toContain(post.id);
    expect(await t.app.jobs.runDue({ kinds: ['content.publish'] })).toBe(1);
    const after = await stored(post.id);
    expect([after.status, after.publishAt, after.updatedAt]).toEqual(['published', at, before.updatedAt]);
    expect(await publicSlugs()).toContain(post.slug);
    expect(await staffPublished()).toContain(post.id);
    const audit = await t.db.kysely
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'content.publish')
      .where('subjectId', '=', post.id)
      .execute();
    expect(audit.map((a) => [a.actorRole, a.actorUserId])).toEqual([['system', null]]);
  });

  it('does nothing at the old time once rescheduled or unpublished', async () => {
    const first = new Date(Date.now() + 3_600_000).toISOString();
    const later = new Date(Date.now() + 3 * 3_600_000).toISOString();
    const moved = await scheduled(first);
    expect((await admin.inject({ method: 'POST', url: url(`/staff/posts/${moved.id}/schedule`), payload: { publishAt: later } })).statusCode).toBe(
      200,
    );
    const dropped = await scheduled(first);
    expect((await admin.inject({ method: 'POST', url: url(`/staff/posts/${dropped.id}/unpublish`) })).statusCode).toBe(200);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse(first) + 1_000);
    await t.app.jobs.runDue({ kinds: ['content.publish'] });
    expect((await stored(moved.id)).status).toBe('scheduled');
    expect((await stored(dropped.id)).status).toBe('draft');
    expect(await publicSlugs()).not.toContain(moved.slug);

    vi.setSystemTime(Date.parse(later) + 1_000);
    await t.app.jobs.runDue({ kinds: ['content.publish'] });
    expect((await stored(moved.id)).status).toBe('published');
    expect((await stored(dropped.id)).status).toBe('draft');
  });
});
