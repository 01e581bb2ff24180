import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { MailMessage, MailSender } from './mail-sender.js';

/** The default: every mail is written to the outbox table, which admins read through the API. */
export class OutboxMailSender implements MailSender {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {}

  async send(message: MailMessage): Promise<void> {
    await recordMail(this.db, message, { transport: 'outbox', status: 'stored', error: null, at: this.now() });
  }
}

export const REDACTED = '[redacted]';

function redact(body: string, secrets: readonly string[]): string {
  return secrets.reduce((text, secret) => (secret === '' ? text : text.split(secret).join(REDACTED)), body);
}

export async function recordMail(
  db: Kysely<Database>,
  message: MailMessage,
  outcome: { transport: 'outbox' | 'smtp'; status: 'stored' | 'sent' | 'failed'; error: string | null; at: number },
): Promise<void> {
  const secrets = message.secrets ?? [];
  await db
    .insertInto('mail_outbox')
    .values({
      to_address: message.to,
      template: message.template,
      subject: message.subject,
      text_body: redact(message.text, secrets),
      html_body: redact(message.html ?? '', secrets),
      transport: outcome.transport,
      status: outcome.status,
      error: outcome.error,
      created_at: outcome.at,
    })
    .execute();
}
