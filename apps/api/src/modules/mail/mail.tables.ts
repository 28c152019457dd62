/**
 * A mail as rendered, written once in the same transaction as the change that causes it. Whether it
 * was sent is its 'mail.send' job's state (the one queue, decision 200), never written here.
 */
export interface OutboxTable {
  id: string;
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string | null;
  /** JSON array of MailAttachmentRecord (column added by the jobs migration), null without attachments */
  attachments: string | null;
  createdAt: string;
}

export interface MailTables {
  outbox: OutboxTable;
}
