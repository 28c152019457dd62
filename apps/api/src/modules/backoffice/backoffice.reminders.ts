import { WebPaths } from '@bansi/shared/paths';
import type { Language } from '@bansi/shared';
import { vientianeDate } from '@bansi/shared';
import type { Deps } from '../../lib/deps';
import { findCompany, listCompaniesExcept } from '../companies';
import { notifyCompany } from '../content';
import { enqueueJob } from '../jobs';
import { enqueueMail } from '../mail';
import { claimReminder, remindedCompanyIds } from './backoffice.repository';
import { filedCompanyIds } from '../submissions';
import { listActiveCompanyUsers } from '../auth';

/** The daily scan and the per-company send, as jobs of the one worker (modules/jobs). */
export const REMINDER_SCAN_JOB = 'backoffice.reminders.scan';
export const REMINDER_SEND_JOB = 'backoffice.reminders.send';

/** 31 March of the year after the book year (Law on Accounting No. 47/NA, DESIGN §4). */
export const deadlineOf = (bookYear: number) => `${bookYear + 1}-03-31`;

/** Whole days from `now`'s Vientiane date to the book year's deadline (0 on the day itself). */
export function daysBeforeDeadline(bookYear: number, now: Date): number {
  return Math.round((Date.parse(`${deadlineOf(bookYear)}T00:00:00Z`) - Date.parse(`${vientianeDate(now)}T00:00:00Z`)) / 86_400_000);
}

export interface ReminderTarget {
  companyId: string;
  bookYear: number;
  daysBefore: number;
}

/**
 * Today's reminders: when today is one of the configured days before the deadline, every company
 * that has not submitted for the book year and has not had this reminder yet. Returns nothing on
 * other days.
 */
export async function dueReminders(deps: Deps, now: Date): Promise<ReminderTarget[]> {
  const bookYear = deps.config.BOOK_YEAR;
  const daysBefore = daysBeforeDeadline(bookYear, now);
  if (!deps.config.REMINDER_DAYS.includes(daysBefore)) return [];
  const companies = await listCompaniesExcept(deps.db, [filedCompanyIds(deps.db, bookYear), remindedCompanyIds(deps.db, bookYear, daysBefore)]);
  return companies.map((c) => ({ companyId: c.id, bookYear, daysBefore }));
}

function formatDeadline(bookYear: number, lang: Language) {
  return new Intl.DateTimeFormat(lang === 'lo' ? 'lo-LA' : 'en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${deadlineOf(bookYear)}T00:00:00Z`),
  );
}

/**
 * Sends one reminder: an e-mail to each active user of the company in the user's language and one
 * in-portal notification addressed to the company, in one transaction with the delivery row. The
 * delivery row's key (company, year, day) makes a second run — a retry, a second worker, the job run
 * twice on the same day — send nothing. Returns whether it sent.
 */
export async function sendReminder(deps: Deps, target: ReminderTarget, now = new Date()): Promise<boolean> {
  return deps.db.transaction().execute(async (trx) => {
    const at = now.toISOString();
    if (!(await claimReminder(trx, { ...target, sentAt: at }))) return false;
    const company = await findCompany(trx, target.companyId);
    if (!company) return false;
    const link = new URL(WebPaths.dashboard.submitDocument, deps.config.PUBLIC_URL).toString();
    const vars = (lang: Language) => ({
      company: lang === 'en' ? company.nameEn : company.nameLo,
      bookYear: target.bookYear,
      days: target.daysBefore,
      deadline: formatDeadline(target.bookYear, lang),
      link,
    });
    for (const user of await listActiveCompanyUsers(trx, target.companyId)) {
      await enqueueMail(deps, trx, { to: user.email, lang: user.language, template: 'submissionReminder', vars: vars(user.language) });
    }
    const text = (lang: Language, key: string) => deps.t(lang, `backoffice.reminder.${key}`, vars(lang));
    await notifyCompany(
      trx,
      target.companyId,
      {
        titleLo: text('lo', 'title'),
        titleEn: text('en', 'title'),
        bodyLo: text('lo', 'body'),
        bodyEn: text('en', 'body'),
        link: WebPaths.dashboard.submitDocument,
      },
      at,
    );
    return true;
  });
}

/** The daily scan: queues one send job per reminder due today; the unique key queues each at most once. */
export async function scanReminders(deps: Deps, now: Date): Promise<number> {
  const due = await dueReminders(deps, now);
  for (const target of due) {
    await enqueueJob(
      deps.db,
      REMINDER_SEND_JOB,
      { ...target },
      { uniqueKey: `reminder:${target.companyId}:${target.bookYear}:${target.daysBefore}` },
    );
  }
  return due.length;
}
