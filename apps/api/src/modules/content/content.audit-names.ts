import { WebPaths } from '@bansi/shared/paths';
import type { SubjectNamer } from '../audit';
import { listNotificationTitles, listPostTitles } from './content.repository';

const titled = (rows: { id: string; titleLo: string; titleEn: string }[]) =>
  new Map(rows.map((r) => [r.id, { nameLo: r.titleLo, nameEn: r.titleEn || r.titleLo, link: WebPaths.staff.content }]));

/** News posts as the audit log names them: by title (the Lao one where there is no English). */
export const namePosts: SubjectNamer = async (db, ids) => titled(await listPostTitles(db, ids));

/** Notifications, likewise. */
export const nameNotifications: SubjectNamer = async (db, ids) => titled(await listNotificationTitles(db, ids));
