/** The public face of the mail module: other modules import only what is exported here (decision 197). */
export { enqueueMail, MAIL_JOB, type MailAttachment, type MailTemplate } from './mail.service';
export { mailJobStates, mailQueue } from './mail.queue';
