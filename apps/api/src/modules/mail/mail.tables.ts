import type { Generated } from 'kysely';

/** Mail to send, written in the same transaction as the change that causes it. */
export interface OutboxTable {
  id: string;
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string | null;
  /** pending → sending → sent | failed; without SMTP, 'logged' (shown on the development mail page) */
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
