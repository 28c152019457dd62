import type { Generated } from 'kysely';

/** Mail to send, written in the same transaction as the change that causes it. */
export interface OutboxTable {
  id: string;
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string | null;
  /** JSON array of MailAttachmentRecord (column added by the jobs migration), null without attachments */
  attachments: string | null;
  /** pending → sent | failed (the 'mail.send' job's outcome); without SMTP, 'logged' (shown on the development mail page). 'sending' is no longer written. */
  status: 'pending' | 'sending' | 'sent' | 'failed' | 'logged';
  attempts: Generated<number>;
  lastError: string | null;
  nextAttemptAt: string;
  createdAt: string;
  sentAt: string | null;
}

export interface MailTables {
  outbox: OutboxTable;
}
