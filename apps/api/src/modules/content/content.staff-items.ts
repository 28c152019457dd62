import { randomUUID } from 'node:crypto';
import {
  NotificationAudience,
  NotificationInput,
  PageInput,
  PostInput,
  localized,
  type ContentImage,
  type ContentPreview,
  type ContentStatus,
  type Language,
  type NotificationPatch,
  type PagePatch,
  type PostPatch,
  type PublishAction,
  type ScheduleRequest,
  type StaffListQuery,
  type StaffNotification,
  type StaffPage,
  type StaffPost,
} from '@bansi/shared';
import { KEY_ID, decodeCursor, pageOf } from '../../lib/cursor';
import type { Deps, Executor } from '../../lib/deps';
import { AppError, duplicate, invalid, notFound } from '../../lib/errors';
import { recordAudit, systemActor, type Actor } from '../audit';
import { enqueueJob } from '../jobs';
import { presentImage, presentStaffNotification, presentStaffPage, presentStaffPost } from './content.presenter';
import { imagesFor } from './content.reads';
import * as repo from './content.repository';
import type { Cursor, NotificationRow, PageRow, PostRow } from './content.repository';
import { sanitizeRichText } from './content.sanitize';
import { notificationSource, pageSource, postSource, reindex, type SearchSource } from './content.search';
import type { SearchDocumentsTable } from './content.tables';

// Staff-written content: ONE service for the three kinds (posts, notifications, pages), which share
// drafts, scheduling, publishing, optimistic edits, previews and the search index. A kind says only
// what differs: its table, its own columns and checks, how it is shown.

/** Who writes: a staff member (`actorOf(request)`), or `systemActor` for the seed. */
export type { Actor };

/** The job that publishes a scheduled item at its time: payload `{ kind, id, publishAt }`. */
export const CONTENT_PUBLISH_JOB = 'content.publish';

/** Read time: every visibility rule compares against this. */
const nowIso = () => new Date().toISOString();

/** The columns every kind has and this service fills in itself. */
type Stamp = Pick<PostRow, 'id' | 'status' | 'publishAt' | 'publishedAt' | 'createdBy' | 'updatedBy' | 'createdAt' | 'updatedAt'>;
type Publishable = Stamp & Pick<PostRow, 'titleLo' | 'titleEn' | 'bodyLo' | 'bodyEn'>;

export interface StaffItemKind<Row extends Publishable, Input, Patch extends { expectedUpdatedAt?: string }, Staff> {
  kind: SearchDocumentsTable['docKind'];
  find(db: Executor, id: string): Promise<Row | undefined>;
  list(db: Executor, q: { status?: ContentStatus; now: string; cursor: Cursor | null; limit: number }): Promise<Row[]>;
  insert(db: Executor, row: Row): Promise<unknown>;
  update(db: Executor, id: string, set: Partial<Row>): Promise<unknown>;
  remove(db: Executor, id: string): Promise<unknown>;
  /** The new item's own columns: the input validated (unique slug or key, known cover), bodies sanitised. */
  fromInput(trx: Executor, input: Input): Promise<Omit<Row, keyof Stamp>>;
  /** The columns an edit changes, after the kind's own checks; bodies sanitised. */
  fromPatch(trx: Executor, row: Row, patch: Omit<Patch, 'expectedUpdatedAt'>): Promise<Partial<Row>>;
  present(db: Executor, rows: Row[], now: string): Promise<Staff[]>;
  indexFields(row: Row): SearchSource;
  preview(db: Executor, row: Row, lang: Language): Promise<ContentPreview>;
}

/** publish: live now · schedule: live from a future moment · unpublish: back to draft. */
function publishState(action: PublishAction, body: ScheduleRequest | null | undefined, now: string) {
  if (action === 'publish') return { status: 'published' as const, publishAt: now, publishedAt: now };
  if (action === 'unpublish') return { status: 'draft' as const, publishAt: null };
  const at = body?.publishAt ? new Date(body.publishAt).toISOString() : null;
  if (!at) throw invalid([{ path: 'body.publishAt', code: 'required', message: 'required' }]);
  if (at <= now) throw invalid([{ path: 'body.publishAt', code: 'not_future', message: 'must be in the future' }]);
  return { status: 'scheduled' as const, publishAt: at, publishedAt: at };
}

/** A new updatedAt that is strictly later than the old one (two edits in one millisecond stay apart). */
function laterThan(previous: string): string {
  const now = nowIso();
  return now > previous ? now : new Date(new Date(previous).getTime() + 1).toISOString();
}

const taken = (path: string) => duplicate([{ path, code: 'taken', message: 'already used' }]);

const sanitizedBodies = <T extends { bodyLo?: string; bodyEn?: string }>(set: T): T => ({
  ...set,
  ...(set.bodyLo !== undefined ? { bodyLo: sanitizeRichText(set.bodyLo) } : {}),
  ...(set.bodyEn !== undefined ? { bodyEn: sanitizeRichText(set.bodyEn) } : {}),
});

function previewOf(row: Publishable, lang: Language, summary: [string, string], cover: ContentImage | null): ContentPreview {
  const l: Language = lang === 'en' && row.titleEn.trim() ? 'en' : 'lo';
  return {
    title: localized(row.titleLo, row.titleEn, lang),
    summary: l === 'en' ? summary[1] : summary[0],
    bodyHtml: l === 'en' ? row.bodyEn || row.bodyLo : row.bodyLo,
    lang: l,
    cover,
  };
}

/** The staff operations of one kind; each change runs in one transaction with its search index. */
export function staffItemService<Row extends Publishable, Input, Patch extends { expectedUpdatedAt?: string }, Staff>(
  k: StaffItemKind<Row, Input, Patch, Staff>,
) {
  async function load(db: Executor, id: string): Promise<Row> {
    const row = await k.find(db, id);
    if (!row) throw notFound();
    return row;
  }
  const one = async (db: Executor, row: Row) => (await k.present(db, [row], nowIso()))[0]!;
  const get = async (deps: Deps, id: string): Promise<Staff> => one(deps.db, await load(deps.db, id));

  return {
    kind: k.kind,

    /** Newest edit first, filtered by what a reader sees now. */
    async list(deps: Deps, q: StaffListQuery, lang: Language) {
      const after = decodeCursor(deps, lang, q.cursor, KEY_ID);
      const now = nowIso();
      const rows = await k.list(deps.db, { status: q.status, now, cursor: after && { key: after[0], id: after[1] }, limit: q.limit });
      const { page, nextCursor } = pageOf(rows, q.limit, (r) => [r.updatedAt, r.id]);
      return { items: await k.present(deps.db, page, now), nextCursor };
    },

    get,

    /** A new draft. */
    async create(deps: Deps, actor: Actor, input: Input): Promise<Staff> {
      const now = nowIso();
      const id = randomUUID();
      await deps.db.transaction().execute(async (trx) => {
        const own = await k.fromInput(trx, input);
        const stamp: Stamp = {
          id,
          status: 'draft',
          publishAt: null,
          publishedAt: null,
          createdBy: actor.userId,
          updatedBy: actor.userId,
          createdAt: now,
          updatedAt: now,
        };
        await k.insert(trx, { ...own, ...stamp } as Row);
        await reindex(trx, k.kind, id, k.indexFields(await load(trx, id)));
        await recordAudit(trx, actor, 'content.create', { kind: k.kind, id }, { companyId: null });
      });
      return get(deps, id);
    },

    /** An edit of the version the editor read (409 STALE otherwise), stamped with who and when. */
    async update(deps: Deps, actor: Actor, id: string, patch: Patch): Promise<Staff> {
      await deps.db.transaction().execute(async (trx) => {
        const row = await load(trx, id);
        if (patch.expectedUpdatedAt && patch.expectedUpdatedAt !== row.updatedAt) throw new AppError(409, 'STALE');
        const { expectedUpdatedAt: _, ...set } = patch;
        const changes = await k.fromPatch(trx, row, set);
        await k.update(trx, id, { ...changes, updatedBy: actor.userId, updatedAt: laterThan(row.updatedAt) });
        await reindex(trx, k.kind, id, k.indexFields(await load(trx, id)));
        await recordAudit(trx, actor, 'content.update', { kind: k.kind, id }, { companyId: null, details: { fields: Object.keys(changes) } });
      });
      return get(deps, id);
    },

    /** publish, schedule or unpublish. */
    async state(deps: Deps, actor: Actor, id: string, action: PublishAction, body?: ScheduleRequest | null): Promise<Staff> {
      await deps.db.transaction().execute(async (trx) => {
        const row = await load(trx, id);
        const state = publishState(action, body, nowIso());
        await k.update(trx, id, { ...state, updatedBy: actor.userId, updatedAt: laterThan(row.updatedAt) } as Partial<Row>);
        // The search row carries the visibility the search filters on (decision 100).
        await reindex(trx, k.kind, id, k.indexFields(await load(trx, id)));
        // At its time a scheduled item becomes 'published' by itself. Readers see it from that moment
        // anyway (visibility is decided at read time); the job makes the stored state and the audit
        // log say so too. A later reschedule or unpublish makes this job a no-op.
        if (state.status === 'scheduled')
          await enqueueJob(
            trx,
            CONTENT_PUBLISH_JOB,
            { kind: k.kind, id, publishAt: state.publishAt },
            {
              runAt: state.publishAt,
              uniqueKey: `publish:${k.kind}:${id}:${state.publishAt}`,
            },
          );
        await recordAudit(trx, actor, `content.${action}`, { kind: k.kind, id }, { companyId: null, details: { publishAt: state.publishAt } });
      });
      return get(deps, id);
    },

    /** The publish job: a scheduled item whose time has come becomes published (false: nothing to do). */
    async publishScheduled(deps: Deps, id: string, publishAt: string): Promise<boolean> {
      return deps.db.transaction().execute(async (trx) => {
        const row = await k.find(trx, id);
        // Deleted, unpublished or moved to another time since: nothing to do.
        if (!row || row.status !== 'scheduled' || row.publishAt !== publishAt) return false;
        // Run early (another process's clock): fail, so the job is retried after its back-off.
        if (publishAt > nowIso()) throw new Error(`${k.kind} ${id} is due at ${publishAt}`);
        // updatedAt stays: the text did not change, so an editor's open form is not made stale.
        await k.update(trx, id, { status: 'published' } as Partial<Row>);
        await recordAudit(trx, systemActor, 'content.publish', { kind: k.kind, id }, { companyId: null, details: { publishAt, scheduled: true } });
        return true;
      });
    },

    async remove(deps: Deps, actor: Actor, id: string): Promise<void> {
      await deps.db.transaction().execute(async (trx) => {
        await load(trx, id);
        await repo.deleteSearchDocument(trx, k.kind, id);
        await k.remove(trx, id);
        await recordAudit(trx, actor, 'content.delete', { kind: k.kind, id }, { companyId: null });
      });
    },

    /** How a reader in `lang` would see it, whatever its status. */
    async preview(deps: Deps, id: string, lang: Language): Promise<ContentPreview> {
      return k.preview(deps.db, await load(deps.db, id), lang);
    },
  };
}

// ---- the three kinds ----------------------------------------------------------------------------

async function checkCover(db: Executor, id: string | null | undefined) {
  if (id && !(await repo.findImageById(db, id))) throw invalid([{ path: 'body.coverImageId', code: 'not_found', message: 'no such image' }]);
}

export const staffPosts = staffItemService<PostRow, PostInput, PostPatch, StaffPost>({
  kind: 'post',
  find: repo.findPostById,
  list: repo.listStaffPosts,
  insert: repo.insertPost,
  update: repo.updatePost,
  remove: repo.deletePost,
  async fromInput(trx, input) {
    const data = PostInput.parse(input);
    if (await repo.findPostBySlug(trx, data.slug)) throw taken('body.slug');
    await checkCover(trx, data.coverImageId);
    // The excerpts are written by the indexer, in the same transaction (content.search reindex).
    return sanitizedBodies({ ...data, coverImageId: data.coverImageId ?? null, excerptLo: '', excerptEn: '' });
  },
  async fromPatch(trx, row, set) {
    if (set.slug && set.slug !== row.slug && (await repo.findPostBySlug(trx, set.slug))) throw taken('body.slug');
    await checkCover(trx, set.coverImageId);
    return sanitizedBodies(set);
  },
  async present(db, rows, now) {
    const images = await imagesFor(
      db,
      rows.map((r) => r.coverImageId),
    );
    return rows.map((r) => presentStaffPost(r, now, images.get(r.coverImageId ?? '')));
  },
  indexFields: postSource,
  async preview(db, row, lang) {
    const images = await imagesFor(db, [row.coverImageId]);
    return previewOf(row, lang, [row.summaryLo, row.summaryEn], presentImage(images.get(row.coverImageId ?? '')));
  },
});

export const staffNotifications = staffItemService<NotificationRow, NotificationInput, NotificationPatch, StaffNotification>({
  kind: 'notification',
  find: repo.findNotificationById,
  list: repo.listStaffNotifications,
  insert: repo.insertNotification,
  update: repo.updateNotification,
  remove: repo.deleteNotification,
  async fromInput(_trx, input) {
    const data = NotificationInput.parse(input);
    return {
      titleLo: data.titleLo,
      titleEn: data.titleEn,
      bodyLo: sanitizeRichText(data.bodyLo),
      bodyEn: sanitizeRichText(data.bodyEn),
      audienceKind: data.audience.kind,
      audienceValue: data.audience.value || null,
      // staff-written notifications link nowhere; the service's own do (content.notify.ts)
      link: null,
      excerptLo: '',
      excerptEn: '',
    };
  },
  async fromPatch(_trx, _row, patch) {
    const audience = patch.audience ? NotificationAudience.parse(patch.audience) : null;
    return sanitizedBodies({
      ...(patch.titleLo !== undefined ? { titleLo: patch.titleLo } : {}),
      ...(patch.titleEn !== undefined ? { titleEn: patch.titleEn } : {}),
      ...(patch.bodyLo !== undefined ? { bodyLo: patch.bodyLo } : {}),
      ...(patch.bodyEn !== undefined ? { bodyEn: patch.bodyEn } : {}),
      ...(audience ? { audienceKind: audience.kind, audienceValue: audience.value || null } : {}),
    });
  },
  async present(db, rows, now) {
    const reads = await repo.countReads(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((r) => presentStaffNotification(r, now, reads.get(r.id) ?? 0));
  },
  indexFields: notificationSource,
  preview: async (_db, row, lang) => previewOf(row, lang, ['', ''], null),
});

export const staffPages = staffItemService<PageRow, PageInput, PagePatch, StaffPage>({
  kind: 'page',
  find: repo.findPageById,
  list: repo.listStaffPages,
  insert: repo.insertPage,
  update: repo.updatePage,
  remove: repo.deletePage,
  async fromInput(trx, input) {
    const data = PageInput.parse(input);
    if (await repo.findPageByKey(trx, data.key)) throw taken('body.key');
    return {
      key: data.key,
      titleLo: data.titleLo,
      titleEn: data.titleEn,
      bodyLo: sanitizeRichText(data.bodyLo),
      bodyEn: sanitizeRichText(data.bodyEn),
    };
  },
  async fromPatch(trx, row, set) {
    if (set.key && set.key !== row.key && (await repo.findPageByKey(trx, set.key))) throw taken('body.key');
    return sanitizedBodies(set);
  },
  present: async (_db, rows, now) => rows.map((r) => presentStaffPage(r, now)),
  indexFields: pageSource,
  preview: async (_db, row, lang) => previewOf(row, lang, ['', ''], null),
});
