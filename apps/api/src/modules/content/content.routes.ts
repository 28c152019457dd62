import {
  AudienceCompanies,
  AudienceCompanyQuery,
  CONTENT_LIMITS,
  ContentImage,
  ContentPaths,
  ContentPreview,
  IMAGE_TYPES,
  IdParams,
  ImageParams,
  InfoPage,
  KeyParams,
  LanguageQuery,
  NotificationDetail,
  NotificationInput,
  NotificationListQuery,
  NotificationPage,
  NotificationPatch,
  PageInput,
  PagePatch,
  PostDetail,
  PostInput,
  PostListQuery,
  PostPage,
  PostPatch,
  Problem,
  ScheduleRequest,
  SearchPage,
  SearchQuery,
  SlugParams,
  StaffActionParams,
  StaffListQuery,
  StaffNotification,
  StaffNotificationPage,
  StaffPage,
  StaffPagePage,
  StaffPost,
  StaffPostPage,
  UnreadCount,
  type Language,
  type PublishAction,
} from '@bansi/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { replyWithStoredFile } from '../files';
import { z } from 'zod';
import { actorOf, type Actor } from '../../lib/actor';
import type { Deps } from '../../lib/deps';
import { requestLanguage } from '../../lib/i18n';
import * as content from './content.service';

/** `?lang=` when given, else the caller's Accept-Language; answers vary with it. */
function languageOf(request: FastifyRequest, reply: FastifyReply): Language {
  reply.header('vary', 'Accept-Language');
  const q = request.query as { lang?: Language } | undefined;
  return q?.lang ?? requestLanguage(request.headers['accept-language']);
}

const errors = { 400: Problem, 401: Problem, 403: Problem, 404: Problem };

const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const tags = ['content'];
  const staffTags = ['content (staff)'];
  const staffServices = { post: content.staffPosts, notification: content.staffNotifications, page: content.staffPages };

  // Scheduled posts, notifications and pages become 'published' at their time (content.staff-items.ts).
  app.jobs.register(content.CONTENT_PUBLISH_JOB, async (payload) => {
    const svc = staffServices[payload.kind as keyof typeof staffServices];
    if (svc) await svc.publishScheduled(deps, String(payload.id), String(payload.publishAt));
  });

  // ---- staff: reviewers read, admins write ------------------------------------------------------

  // ---- public reads ------------------------------------------------------------------------------

  app.get(
    ContentPaths.posts,
    {
      config: { audience: 'public' },
      schema: { tags, summary: 'Published news, newest first', querystring: PostListQuery, response: { 200: PostPage, ...errors } },
    },
    async (request, reply) => content.listPosts(deps, languageOf(request, reply), request.query),
  );

  app.get(
    ContentPaths.post,
    {
      config: { audience: 'public' },
      schema: { tags, summary: 'One published article', params: SlugParams, querystring: LanguageQuery, response: { 200: PostDetail, ...errors } },
    },
    async (request, reply) => content.getPost(deps, languageOf(request, reply), request.params.slug),
  );

  app.get(
    ContentPaths.notifications,
    {
      config: { audience: 'public' },
      schema: {
        tags,
        summary: 'Notifications the caller may read: public ones, and for a company user also those addressed to them (with read state)',
        querystring: NotificationListQuery,
        response: { 200: NotificationPage, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return content.listNotifications(deps, request.principal, languageOf(request, reply), request.query);
    },
  );

  app.get(
    ContentPaths.unreadCount,
    {
      config: { audience: 'company' },
      schema: { tags, summary: 'How many notifications this user has not opened', response: { 200: UnreadCount, ...errors } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return content.unreadCount(deps, request.principal);
    },
  );

  app.get(
    ContentPaths.notification,
    {
      config: { audience: 'public' },
      schema: {
        tags,
        summary: 'One notification the caller may read',
        params: IdParams,
        querystring: LanguageQuery,
        response: { 200: NotificationDetail, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return content.getNotification(deps, request.principal, languageOf(request, reply), request.params.id);
    },
  );

  app.post(
    ContentPaths.markRead,
    {
      config: { audience: 'company' },
      schema: {
        tags,
        summary: 'Mark a notification as read; answers the new unread count',
        params: IdParams,
        response: { 200: UnreadCount, ...errors },
      },
    },
    async (request) => content.markNotificationRead(deps, request.principal, request.params.id),
  );

  app.get(
    ContentPaths.page,
    {
      config: { audience: 'public' },
      schema: {
        tags,
        summary: 'An about-us or information page by key',
        params: KeyParams,
        querystring: LanguageQuery,
        response: { 200: InfoPage, ...errors },
      },
    },
    async (request, reply) => content.getPage(deps, languageOf(request, reply), request.params.key),
  );

  app.get(
    ContentPaths.search,
    {
      // Per address, like the log-in limit (the same @fastify/rate-limit store).
      config: { audience: 'public', rateLimit: { max: app.config.RATE_LIMIT_SEARCH_PER_MINUTE, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Lao-aware search across news, notifications and information pages',
        querystring: SearchQuery,
        response: { 200: SearchPage, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return content.search(deps, request.principal, languageOf(request, reply), request.query);
    },
  );

  app.get(
    ContentPaths.image,
    { config: { audience: 'public' }, schema: { tags, summary: 'A cover image (WebP)', params: ImageParams, response: { 404: Problem } } },
    async (request, reply) => {
      const file = await content.imageFile(deps, request.params.id, request.params.variant);
      // An image id never changes content: cache it for a year.
      return replyWithStoredFile(request, reply, deps, file, { cacheControl: 'public, max-age=31536000, immutable' });
    },
  );

  // ---- staff: reviewers read, admins write ------------------------------------------------------

  registerStaffKind(app, {
    paths: [ContentPaths.staffPosts, ContentPaths.staffPost, ContentPaths.staffPostAction, ContentPaths.staffPostPreview],
    schemas: { one: StaffPost, list: StaffPostPage, input: PostInput, patch: PostPatch },
    svc: content.staffPosts,
  });
  registerStaffKind(app, {
    paths: [
      ContentPaths.staffNotifications,
      ContentPaths.staffNotification,
      ContentPaths.staffNotificationAction,
      ContentPaths.staffNotificationPreview,
    ],
    schemas: { one: StaffNotification, list: StaffNotificationPage, input: NotificationInput, patch: NotificationPatch },
    svc: content.staffNotifications,
  });
  registerStaffKind(app, {
    paths: [ContentPaths.staffPages, ContentPaths.staffPage, ContentPaths.staffPageAction, ContentPaths.staffPagePreview],
    schemas: { one: StaffPage, list: StaffPagePage, input: PageInput, patch: PagePatch },
    svc: content.staffPages,
  });

  app.get(
    ContentPaths.staffAudienceCompanies,
    {
      config: { audience: 'staff' },
      schema: {
        tags: staffTags,
        summary: 'Companies to address a notification to, by name or tax ID',
        querystring: AudienceCompanyQuery,
        response: { 200: AudienceCompanies, ...errors },
      },
    },
    async (request) => content.findAudienceCompanies(deps, request.query),
  );

  // ---- staff: cover images (the raw file as the request body) ------------------------------------

  app.register(async (images) => {
    images.addContentTypeParser(
      [...IMAGE_TYPES, 'application/octet-stream'],
      { parseAs: 'buffer', bodyLimit: CONTENT_LIMITS.imageBytes },
      (_req, body, done) => done(null, body),
    );
    images.post(
      ContentPaths.staffImages,
      {
        config: { audience: 'staffAdmin' },
        bodyLimit: CONTENT_LIMITS.imageBytes,
        schema: {
          tags: staffTags,
          summary: 'Upload a cover image: JPEG, PNG or WebP (checked by content), at most 5 MB; stored as resized WebP',
          response: { 201: ContentImage, 413: Problem, 415: Problem, ...errors },
        },
      },
      async (request, reply) => reply.code(201).send(await content.uploadImage(deps, actorOf(request), request.body)),
    );
  });
};

export default contentRoutes;

type FastifyZodInstance = Parameters<FastifyPluginAsyncZod>[0];

/** One kind of staff-written content (posts, notifications, pages): its routes and service calls. */
interface StaffKind<One extends z.ZodType, List extends z.ZodType, In extends z.ZodType, Patch extends z.ZodType> {
  /** list, item, action, preview */
  paths: [string, string, string, string];
  schemas: { one: One; list: List; input: In; patch: Patch };
  svc: {
    list(deps: Deps, q: StaffListQuery, lang: Language): Promise<z.infer<List>>;
    get(deps: Deps, id: string): Promise<z.infer<One>>;
    create(deps: Deps, actor: Actor, input: z.infer<In>): Promise<z.infer<One>>;
    update(deps: Deps, actor: Actor, id: string, patch: z.infer<Patch>): Promise<z.infer<One>>;
    state(deps: Deps, actor: Actor, id: string, action: PublishAction, body?: ScheduleRequest | null): Promise<z.infer<One>>;
    remove(deps: Deps, actor: Actor, id: string): Promise<void>;
    preview(deps: Deps, id: string, lang: Language): Promise<ContentPreview>;
  };
}

/** Reviewers read (audience staff), admins write (staffAdmin). */
function registerStaffKind<One extends z.ZodType, List extends z.ZodType, In extends z.ZodType, Patch extends z.ZodType>(
  app: FastifyZodInstance,
  { paths: [list, item, action, preview], schemas: s, svc }: StaffKind<One, List, In, Patch>,
) {
  const deps = app.deps;
  const tags = ['content (staff)'];
  const read = { audience: 'staff' as const };
  const write = { audience: 'staffAdmin' as const };
  // With generic schemas the zod type provider cannot infer the handlers' types, so this part
  // uses Fastify's plain generics; the same zod compilers still validate and serialise at run time.
  const r = app as unknown as FastifyInstance;
  type Id = { Params: { id: string } };
  r.get<{ Querystring: StaffListQuery }>(
    list,
    {
      config: read,
      schema: {
        tags,
        summary: 'Every item of this kind, any status, newest first',
        querystring: StaffListQuery,
        response: { 200: s.list, ...errors },
      },
    },
    async (request, reply) => svc.list(deps, request.query, languageOf(request, reply)),
  );
  r.post<{ Body: z.infer<In> }>(
    list,
    { config: write, schema: { tags, summary: 'Create a draft', body: s.input, response: { 201: s.one, ...errors } } },
    async (request, reply) => reply.code(201).send(await svc.create(deps, actorOf(request), request.body as z.infer<In>)),
  );
  r.get<Id>(
    item,
    { config: read, schema: { tags, summary: 'One item, any status', params: IdParams, response: { 200: s.one, ...errors } } },
    async (request) => svc.get(deps, request.params.id),
  );
  r.patch<Id & { Body: z.infer<Patch> }>(
    item,
    {
      config: write,
      schema: {
        tags,
        summary: 'Edit (409 STALE when expectedUpdatedAt is not the current one)',
        params: IdParams,
        body: s.patch,
        response: { 200: s.one, 409: Problem, ...errors },
      },
    },
    async (request) => svc.update(deps, actorOf(request), request.params.id, request.body as z.infer<Patch>),
  );
  r.delete<Id>(
    item,
    { config: write, schema: { tags, summary: 'Delete an item', params: IdParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await svc.remove(deps, actorOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
  r.get<Id & { Querystring: { lang?: Language } }>(
    preview,
    {
      config: read,
      schema: {
        tags,
        summary: 'How a reader in `lang` would see it, whatever its status',
        params: IdParams,
        querystring: LanguageQuery,
        response: { 200: ContentPreview, ...errors },
      },
    },
    async (request, reply) => svc.preview(deps, request.params.id, languageOf(request, reply)),
  );
  r.post<{ Params: { id: string; action: PublishAction }; Body: ScheduleRequest | null | undefined }>(
    action,
    {
      config: write,
      schema: {
        tags,
        summary: 'publish now, schedule (publishAt in the future) or unpublish',
        params: StaffActionParams,
        body: ScheduleRequest.nullish(),
        response: { 200: s.one, ...errors },
      },
    },
    async (request) => svc.state(deps, actorOf(request), request.params.id, request.params.action, request.body),
  );
}
