/** A message the app sends; `template` names it for the outbox and for tests. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  template: string;
  /**
   * Strings that only the recipient may see (a reset token): delivery sends them, the outbox
   * copy that admins read has each replaced by "[redacted]".
   */
  secrets?: readonly string[];
  /** Extra headers for SMTP delivery (List-Unsubscribe on the alert digest). */
  headers?: Readonly<Record<string, string>>;
}

/** How modules send mail. The outbox/SMTP implementation lives in this folder. */
export interface MailSender {
  send(msg: MailMessage): Promise<void>;
}

/** Keeps every message in memory: the default until the outbox sender is wired, and the tests' spy. */
export class RecordingMailSender implements MailSender {
  readonly sent: MailMessage[] = [];

  async send(msg: MailMessage): Promise<void> {
    this.sent.push(msg);
  }
}
