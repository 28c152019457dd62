import type { AuditTables } from '../modules/audit/audit.tables';
import type { AuthTables } from '../modules/auth/auth.tables';
import type { JobsTables } from '../modules/jobs/jobs.tables';
import type { CompaniesTables } from '../modules/companies/companies.tables';
import type { ContentTables } from '../modules/content/content.tables';
import type { LibraryTables } from '../modules/library/library.tables';
import type { MailTables } from '../modules/mail/mail.tables';
import type { ReferenceTables } from '../modules/reference/reference.tables';
import type { FilesTables } from '../modules/files/files.tables';
import type { SmeThresholdTables } from '../modules/sme-thresholds/sme-thresholds.tables';
import type { SubmissionTables } from '../modules/submissions/submissions.tables';
import type { SecurityTables } from '../modules/security/security.tables';
import type { BackofficeTables } from '../modules/backoffice/backoffice.tables';
import type { PaymentTables } from '../modules/payments/payments.tables';
import type { BookingTables } from '../modules/bookings/bookings.tables';
import type { QrTables } from '../modules/qr/qr.tables';
import type { ReviewTables } from '../modules/review/review.tables';
import type { NotesTables } from '../modules/notes/notes.tables';
import type { SequenceTables } from './sequences.tables';
import type { EventsTables } from '../modules/events/events.tables';
import type { CompanyExportTables } from '../modules/company-exports/company-exports.tables';
import type { BackupsTables } from '../modules/backup/backup.tables';
import type { WebhooksTables } from '../modules/webhooks/webhooks.tables';
import type { ApiKeysTables } from '../modules/api-keys/api-keys.tables';
import type { FeedsTables } from '../modules/feeds/feeds.tables';

/**
 * The tables of the database, as Kysely sees them (camelCase; the CamelCasePlugin maps to
 * snake_case). Each feature declares its own tables in its module and they are joined here.
 */
export interface Database
  extends
    ReferenceTables,
    CompaniesTables,
    AuthTables,
    MailTables,
    LibraryTables,
    ContentTables,
    FilesTables,
    SmeThresholdTables,
    SubmissionTables,
    JobsTables,
    AuditTables,
    SecurityTables,
    BackofficeTables,
    PaymentTables,
    BookingTables,
    QrTables,
    SequenceTables,
    NotesTables,
    ReviewTables,
    EventsTables,
    CompanyExportTables,
    BackupsTables,
    WebhooksTables,
    ApiKeysTables,
    FeedsTables {}
