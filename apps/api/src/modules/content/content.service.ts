import type { ContentImage } from '@bansi/shared';
import type { Deps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { findAudienceCompanies as findCompaniesForAudience } from '../companies';
import { storeCoverImage } from './content.covers';
import { presentImage } from './content.presenter';
import type { Actor } from './content.staff-items';

// The content module's services (issue 10 split them): what readers see in content.reads.ts, the
// search in content.search.ts, and ONE staff service for posts, notifications and pages in
// content.staff-items.ts. Cover images and the audience picker stay here.
export { getNotification, getPage, getPost, imageFile, listNotifications, listPosts, markNotificationRead, unreadCount } from './content.reads';
export { search } from './content.search';
export { CONTENT_PUBLISH_JOB, staffNotifications, staffPages, staffPosts, type Actor } from './content.staff-items';

/** Read time. */
const nowIso = () => new Date().toISOString();

// ---- staff: audience picker ----

export async function findAudienceCompanies(deps: Deps, q: { q: string; id?: string }) {
  return { items: await findCompaniesForAudience(deps.db, { text: q.q, id: q.id }) };
}

// ---- staff: images ------------------------------------------------------------------------------

export async function uploadImage(deps: Deps, actor: Actor, body: unknown): Promise<ContentImage> {
  if (!Buffer.isBuffer(body)) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE');
  const img = await storeCoverImage(deps, body, actor.userId, nowIso());
  return presentImage(img)!;
}
