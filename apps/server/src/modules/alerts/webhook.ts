import { createHmac, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { selectTriggersWithAlert } from './notifications.repository.js';
import { postWebhook } from './webhook-target.js';

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

/** A receiver has this long to answer a delivery, connection included. */
export const WEBHOOK_TIMEOUT_MS = 5_000;

/** One delivery: an alert's triggers of one session (at most the session's notifications and their summary). */
export interface WebhookBatch {
  alertId: number;
  barDate: string;
  triggerIds: number[];
}

/** The host a webhook delivers to: what its lane limits (two deliveries at once per host). */
export function webhookHost(url: string): string {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return url;
  }
}

/** The delivery's id (X-Solstice-Delivery): the same on every retry, so a receiver can drop a repeat. */
export function deliveryId(batch: WebhookBatch): string {
  return `${batch.alertId}-${batch.barDate}-${Math.min(...batch.triggerIds)}`;
}

/**
 * Posts one alert's triggers of one session to its webhook, signed, as one request. A refused
 * target (vetted as it is connected to, within the timeout), a network error, a timeout or a
 * status other than 2xx throws, and the job queue
 * retries with backoff (1, 2, 4, 8 minutes); a webhook paused since is not called.
 */
export async function deliverWebhook(deps: WebhookDeps, batch: WebhookBatch): Promise<'sent' | 'gone' | 'paused'> {
  const alert = await deps.db
    .selectFrom('alerts')
    .select(['id', 'name', 'kind', 'webhook_url', 'webhook_secret', 'webhook_paused_at'])
    .where('id', '=', batch.alertId)
    .executeTakeFirst();
  // The alert or its webhook was removed since: nothing left to deliver.
  if (!alert || !alert.webhook_url || !alert.webhook_secret) return 'gone';
  if (alert.webhook_paused_at !== null) return 'paused';
  const triggers =
    batch.triggerIds.length === 0
      ? []
      : await selectTriggersWithAlert(deps.db)
          .where('t.alert_id', '=', batch.alertId)
          .where('t.id', 'in', batch.triggerIds)
          .orderBy('t.id')
          .execute();
  if (triggers.length === 0) return 'gone';
  const body = JSON.stringify({
    alertId: Number(alert.id),
    alertName: alert.name,
    kind: alert.kind,
    barDate: batch.barDate,
    triggers: triggers.map((row) => ({
      id: Number(row.id),
      symbol: row.symbol,
      event: row.event,
      message: row.message,
      link: `${deps.appUrl}${row.link}`,
      detail: JSON.parse(row.detail) as unknown,
    })),
  });
  const timestamp = String(Math.floor(deps.now() / 1000));
  const response = await postWebhook(alert.webhook_url, {
    headers: {
      'content-type': 'application/json',
      'user-agent': 'Solstice-Alerts/1',
      'x-solstice-delivery': deliveryId(batch),
      'x-solstice-timestamp': timestamp,
      'x-solstice-signature': webhookSignature(alert.webhook_secret, timestamp, body),
    },
    body,
    timeoutMs: deps.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
    allowLocal: deps.allowLocal,
  });
  if (response.status < 200 || response.status >= 300) throw new Error(`webhook answered ${response.status}`);
  return 'sent';
}
