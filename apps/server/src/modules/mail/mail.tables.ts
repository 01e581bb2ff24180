import type { Generated } from 'kysely';

export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  template: string;
  subject: string;
  text_body: string;
  html_body: string;
  /** 'outbox' when only stored, 'smtp' when handed to the SMTP server. */
  transport: 'outbox' | 'smtp';
  status: 'stored' | 'sent' | 'failed';
  error: string | null;
  created_at: number;
}

export interface MailTables {
  mail_outbox: MailOutboxTable;
}

// The module's tables, declared into the one Database type the repositories query (db/schema.ts).
declare module '../../db/schema.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Database extends MailTables {}
}
