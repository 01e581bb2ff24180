import type { Kysely } from 'kysely';
import type { OutboxMessage } from '@solstice/contracts';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database>;
export type OutboxSummary = Omit<OutboxMessage, 'text' | 'html' | 'error'>;

function toSummary(r: {
  id: number;
  to_address: string;
  template: string;
  subject: string;
  transport: string;
  status: string;
  created_at: number;
}): OutboxSummary {
  return {
    id: Number(r.id),
    to: r.to_address,
    template: r.template,
    subject: r.subject,
    transport: r.transport,
    status: r.status,
    createdAt: new Date(Number(r.created_at)).toISOString(),
  };
}

/** The outbox, latest first, optionally for one address or template. */
export async function listOutbox(
  db: Db,
  query: { to?: string | undefined; template?: string | undefined; limit: number; offset: number },
): Promise<OutboxSummary[]> {
  let q = db
    .selectFrom('mail_outbox')
    .select(['id', 'to_address', 'template', 'subject', 'transport', 'status', 'created_at']);
  if (query.to) q = q.where('to_address', '=', query.to.toLowerCase());
  if (query.template) q = q.where('template', '=', query.template);
  const rows = await q.orderBy('id', 'desc').limit(query.limit).offset(query.offset).execute();
  return rows.map(toSummary);
}

export async function outboxMessage(db: Db, id: number): Promise<OutboxMessage | null> {
  const row = await db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? { ...toSummary(row), text: row.text_body, html: row.html_body, error: row.error } : null;
}
