import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { RecordingMailSender, type MailMessage } from './mail-sender.js';
import { recordMail } from './outbox-mail-sender.js';

/** Tests: keeps messages in memory (`sent`) and writes the outbox like the default sender does. */
export class RecordingOutboxMailSender extends RecordingMailSender {
  constructor(private readonly db: Kysely<Database>) {
    super();
  }

  override async send(message: MailMessage): Promise<void> {
    await super.send(message);
    await recordMail(this.db, message, { transport: 'outbox', status: 'stored', error: null, at: Date.now() });
  }
}
