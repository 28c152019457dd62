import type { Migration } from 'kysely';
import { bookingsMigration } from '../../modules/bookings/bookings.migration';
import { auditMigration } from '../../modules/audit/audit.migration';
import { authMigration } from '../../modules/auth/auth.migration';
import { jobsMigration } from '../../modules/jobs/jobs.migration';
import { webhooksMigration } from '../../modules/webhooks/webhooks.migration';
import { companiesMigration } from '../../modules/companies/companies.migration';
import { contentMigration } from '../../modules/content/content.migration';
import { contentSearchMigration } from '../../modules/content/content.search.migration';
import { contentSearchAudienceMigration } from '../../modules/content/content.search-audience.migration';
import { libraryMigration } from '../../modules/library/library.migration';
import { mailMigration } from '../../modules/mail/mail.migration';
import { referenceMigration } from '../../modules/reference/reference.migration';
import { filesMigration } from '../../modules/files/files.migration';
import { filesStoreMigration } from '../../modules/files/files.store.migration';
import { smeThresholdsMigration } from '../../modules/sme-thresholds/sme-thresholds.migration';
import { submissionsMigration } from '../../modules/submissions/submissions.migration';
import { currentFilesMigration } from '../../modules/submissions/submissions.counts.migration';
import { listIndexesMigration } from '../../modules/submissions/submissions.lists.migration';
import { filingSizeMigration } from '../../modules/submissions/submissions.size.migration';
import { mailOnceMigration } from '../../modules/mail/mail.once.migration';
import { securityMigration } from '../../modules/security/security.migration';
import { rateLimitsMigration } from '../../modules/security/security.rate-limits.migration';
import { backofficeMigration } from '../../modules/backoffice/backoffice.migration';
import { qrMigration } from '../../modules/qr/qr.migration';
import { notesMigration } from '../../modules/notes/notes.migration';
import { paymentsMigration } from '../../modules/payments/payments.migration';
import { paymentsResolutionMigration } from '../../modules/payments/payments.resolution.migration';
import { sequencesMigration } from '../sequences.migration';
import { submissionReferenceMigration } from '../../modules/submissions/submissions.reference.migration';
import { referenceStampsMigration } from '../../modules/reference/reference.stamps.migration';
import { receiptsIndexMigration } from '../../modules/payments/payments.receipts-index.migration';
import { paymentsReversalMigration } from '../../modules/payments/payments.reversal.migration';
import { slipsQueueMigration } from '../../modules/payments/payments.slips-queue.migration';
import { companyInvitationsMigration } from '../../modules/companies/companies.invitations.migration';
import { bookingReferencesMigration } from '../../modules/bookings/bookings.references.migration';
import { instanceSecretsMigration } from '../../modules/payments/payments.webhook-secret.migration';
import { backupsMigration } from '../../modules/backup/backup.migration';
import { companyExportsMigration } from '../../modules/company-exports/company-exports.migration';
import { reviewEventsMigration } from '../../modules/review/review.migration';
import { domainEventsMigration } from '../../modules/events/events.migration';
import { apiKeysMigration } from '../../modules/api-keys/api-keys.migration';
import { feedsMigration } from '../../modules/feeds/feeds.migration';
import { libraryFirstPagesMigration } from '../../modules/library/library.first-pages.migration';

/**
 * Every migration, in order. Names start with a sortable timestamp; a new feature adds its file
 * beside this one and a line here. Migrations use only types both SQLite and PostgreSQL accept:
 * ids are text UUIDs, timestamps ISO-8601 UTC text, booleans integers, amounts bigint (LAK).
 */
export const migrations: Record<string, Migration> = {
  '202611220001_reference': referenceMigration,
  '202611220002_companies': companiesMigration,
  '202611220003_auth': authMigration,
  '202611220004_mail': mailMigration,
  '202611220430_library': libraryMigration,
  '202611220500_content': contentMigration,
  '202611220600_files': filesMigration,
  '202611220601_sme_thresholds': smeThresholdsMigration,
  '202611221000_submissions': submissionsMigration,
  '202611230100_jobs': jobsMigration,
  '202611230101_audit': auditMigration,
  '202611230200_files_store': filesStoreMigration,
  '202611230300_qr': qrMigration,
  '202611230400_security': securityMigration,
  '202611230600_backoffice': backofficeMigration,
  '202611230700_payments': paymentsMigration,
  '202611230800_bookings': bookingsMigration,
  '202611231000_payments_resolution': paymentsResolutionMigration,
  '202611240100_rate_limits': rateLimitsMigration,
  '202611240300_sequences': sequencesMigration,
  '202611240301_submission_reference': submissionReferenceMigration,
  '202611241300_notes': notesMigration,
  '202611241400_content_search': contentSearchMigration,
  '202611241410_list_indexes': listIndexesMigration,
  '202611241500_reference_stamps': referenceStampsMigration,
  '202611250100_current_files': currentFilesMigration,
  '202611251000_content_search_audience': contentSearchAudienceMigration,
  '202611270100_receipts_index': receiptsIndexMigration,
  '202611280200_company_invitations': companyInvitationsMigration,
  '202611281900_booking_references': bookingReferencesMigration,
  '202611282100_payments_reversal': paymentsReversalMigration,
  '202611282200_instance_secrets': instanceSecretsMigration,
  '202611282300_filing_size': filingSizeMigration,
  '202611290000_company_exports': companyExportsMigration,
  '202611290100_backups': backupsMigration,
  '202611290100_domain_events': domainEventsMigration,
  '202611290100_mail_once': mailOnceMigration,
  '202611290200_review_events': reviewEventsMigration,
  '202611300100_api_keys': apiKeysMigration,
  '202611300101_feeds': feedsMigration,
  '202611300300_webhooks': webhooksMigration,
  '202611300600_slips_queue': slipsQueueMigration,
  '202612010100_library_first_pages': libraryFirstPagesMigration,
};
