import type { Transporter } from 'nodemailer';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { MailMessage, MailSender } from './mail-sender.js';
import { recordMail } from './outbox-mail-sender.js';

export interface SmtpMailSenderOptions {
  url: string;
  from: string;
  db: Kysely<Database>;
  now?: () => number;
  logger?: { warn(obj: object, msg: string): void };
}

/**
 * Sends through nodemailer over SMTP (SMTP_URL) and keeps a copy of every message in the
 * outbox table, marked sent or failed, so that admins see the same log either way.
 */
export class SmtpMailSender implements MailSender {
  /** Made with the first message: nodemailer is loaded then, not when the server starts. */
  private transporter: Promise<Transporter> | undefined;

  constructor(private readonly options: SmtpMailSenderOptions) {}

  async send(message: MailMessage): Promise<void> {
    const now = this.options.now ?? Date.now;
    try {
      this.transporter ??= import('nodemailer').then(({ default: nodemailer }) =>
        nodemailer.createTransport(this.options.url, { from: this.options.from }),
      );
      await (
        await this.transporter
      ).sendMail({
        from: this.options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        ...(message.headers ? { headers: { ...message.headers } } : {}),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.options.logger?.warn({ err: error, to: message.to }, 'mail: SMTP delivery failed');
      await recordMail(this.options.db, message, { transport: 'smtp', status: 'failed', error: reason, at: now() });
      throw error;
    }
    await recordMail(this.options.db, message, { transport: 'smtp', status: 'sent', error: null, at: now() });
  }

  close(): void {
    // A transporter that never came (nodemailer failed to load) has nothing to close.
    void this.transporter?.then(
      (transporter) => transporter.close(),
      () => {},
    );
  }
}
