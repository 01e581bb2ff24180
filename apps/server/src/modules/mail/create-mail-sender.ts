import type { Kysely } from 'kysely';
import type { Settings } from '../../config/settings.js';
import type { Database } from '../../db/schema.js';
import type { MailSender } from './mail-sender.js';
import { OutboxMailSender } from './outbox-mail-sender.js';
import { SmtpMailSender } from './smtp-mail-sender.js';

/** SMTP through nodemailer when SMTP_URL is set; otherwise the outbox table. Both keep an outbox row. */
export function createMailSender(
  settings: Settings,
  db: Kysely<Database>,
  logger?: { warn(obj: object, msg: string): void },
): MailSender {
  if (settings.SMTP_URL) return new SmtpMailSender({ url: settings.SMTP_URL, from: settings.MAIL_FROM, db, logger });
  return new OutboxMailSender(db);
}
