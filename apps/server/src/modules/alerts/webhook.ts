import { createHmac, randomBytes } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { selectTriggersWithAlert } from './notifications.repository.js';

type Db = Kysely<Database>;

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64url')}`;
}

/** `sha256=<hex>` of HMAC-SHA256(secret, "<timestamp>.<body>"): what the receiver recomputes. */
export function webhookSignature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

function privateAddress(address: string): boolean {
  if (isIP(address) === 4) {
    const [a, b] = address.split('.').map(Number) as [number, number];
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 100 && b >= 64 && b <= 127) ||
      a >= 224
    );
  }
  const v6 = address.toLowerCase();
  if (v6.startsWith('::ffff:')) return privateAddress(v6.slice(7));
  return v6 === '::1' || v6 === '::' || v6.startsWith('fc') || v6.startsWith('fd') || v6.startsWith('fe80');
}

/**
 * Why a webhook address may not be called, or null. HTTPS only, and never an address inside
 * the server's own network (a webhook must not become a way to reach internal services),
 * unless the operator allows local targets (development and tests).
 */
export async function webhookTargetProblem(url: string, allowLocal: boolean): Promise<string | null> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'not a valid address';
  }
  if (allowLocal)
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? null : 'expected an https:// address';
  if (parsed.protocol !== 'https:') return 'expected an https:// address';
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
  } catch {
    return `the host ${host} could not be resolved`;
  }
  if (addresses.length === 0 || addresses.some(privateAddress))
    return `the host ${host} is inside a private network; webhooks go to public addresses`;
  return null;
}

export interface WebhookDeps {
  db: Db;
  appUrl: string;
  allowLocal: boolean;
  now: () => number;
  fetch?: typeof fetch;
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
  const response = await (deps.fetch ?? fetch)(row.webhook_url, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/json',
      'user-agent': 'Solstice-Alerts/1',
      'x-solstice-delivery': String(row.id),
      'x-solstice-timestamp': timestamp,
      'x-solstice-signature': webhookSignature(row.webhook_secret, timestamp, body),
    },
    body,
    signal: AbortSignal.timeout(deps.timeoutMs ?? 10_000),
  });
  await response.body?.cancel().catch(() => {});
  if (response.status < 200 || response.status >= 300) throw new Error(`webhook answered ${response.status}`);
  return 'sent';
}
