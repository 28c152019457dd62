import { newId, nowIso } from '../../lib/crypto';
import type { Executor } from '../../lib/deps';
import { insertNotification } from './content.repository';
import { notificationSource, reindex } from './content.search';

/** A notification for one company's users, written by the service itself (not by staff). */
export interface CompanyNotice {
  titleLo: string;
  titleEn: string;
  /** plain text (paragraphs split by a blank line); it is escaped here, never taken as HTML */
  bodyLo: string;
  bodyEn: string;
  /** the dashboard screen it concerns (a path under /dashboard/), opened from the bell */
  link?: string | null;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const asHtml = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');

/**
 * Publishes a notification addressed to one company (audience `company`), in the caller's transaction:
 * it appears — unread — in the bell of every user of that company at once (decision 096). The one way
 * the portal tells a company something in the portal: deadline reminders, filing received, returned, accepted.
 */
export async function notifyCompany(trx: Executor, companyId: string, notice: CompanyNotice, at = nowIso()): Promise<string> {
  const link = notice.link ?? null;
  if (link !== null && !/^\/dashboard(\/[\w\-./%]*)?(\?[\w\-=&%.]*)?$/.test(link))
    throw new Error(`a company notification links into the dashboard, not to ${link}`);
  const id = newId();
  const row = {
    id,
    titleLo: notice.titleLo,
    titleEn: notice.titleEn,
    bodyLo: asHtml(notice.bodyLo),
    bodyEn: asHtml(notice.bodyEn),
    audienceKind: 'company',
    audienceValue: companyId,
    link,
    status: 'published',
    publishAt: at,
    publishedAt: at,
    createdBy: null,
    updatedBy: null,
    createdAt: at,
    updatedAt: at,
    excerptLo: '',
    excerptEn: '',
  } as const;
  await insertNotification(trx, row);
  // Found by search and listed with its excerpt like a staff-written one (decision 100).
  await reindex(trx, 'notification', id, notificationSource(row));
  return id;
}
