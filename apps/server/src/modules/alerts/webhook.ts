import { createHmac, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { selectTriggersWithAlert } from './notifications.repository.js';
import { postWebhook, webhookTargetProblem } from './webhook-target.js';

type Db = Kysely<Database>;

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64url')}`;
}

/** `sha256=<hex>` of HMAC-SHA256(secret, "<timestamp>.<body>"): what the receiver recomputes. */
export function webhookSignature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export interface WebhookDeps {
  db: Db;
  appUrl: string;
  allowLocal: boolean;
  now: () => number;
  timeoutMs?: number;
}

/**
 * Posts one trigger to its alert's webhook, signed. A refused target, a network error or a
 * status other than 2xx throws, and the job queue retries with backoff (1, 2, 4, 8 minutes).
 */
export async function deliverWebhook(deps: WebhookDeps, triggerId: number): Promise<'sent' | 'gone'> {
  const row = await selectTriggersWithAlert(deps.db)
    .select(['a.webhook_url', 'a.webhook_secret'])
    .where('t.id', '=', triggerId)
    .executeTakeFirst();
  // The alert, its webhook or the trigger was removed since: nothing left to deliver.
  if (!row || !row.webhook_url || !row.webhook_secret) return 'gone';
  const problem = await webhookTargetProblem(row.webhook_url, deps.allowLocal);
  if (problem) throw new Error(`webhook refused: ${problem}`);
  const body = JSON.stringify({
    id: Number(row.id),
    alertId: Number(row.alert_id),
    alertName: row.name,
    kind: row.kind,
    symbol: row.symbol,
    barDate: row.bar_date,
    event: row.event,
    message: row.message,
    link: `${deps.appUrl}${row.link}`,
    detail: JSON.parse(row.detail) as unknown,
  });
  const timestamp = String(Math.floor(deps.now() / 1000));
  const response = await postWebhook(row.webhook_url, {
    headers: {
      'content-type': 'application/json',
      'user-agent': 'Solstice-Alerts/1',
      'x-solstice-delivery': String(row.id),
      'x-solstice-timestamp': timestamp,
      'x-solstice-signature': webhookSignature(row.webhook_secret, timestamp, body),
    },
    body,
    timeoutMs: deps.timeoutMs ?? 10_000,
    allowLocal: deps.allowLocal,
  });
  if (response.status < 200 || response.status >= 300) throw new Error(`webhook answered ${response.status}`);
  return 'sent';
}
