import { describe, expect, it } from 'vitest';
import { errorResponseSchema } from '@solstice/contracts';
import { testDialects } from '../../testing/test-databases.js';
import { useLiveServer } from '../../testing/test-fixtures.js';
import { rawRequest } from '../../testing/live-server.js';
import { signedInUser } from '../../testing/auth-helpers.js';
import { bearerMatches } from './metrics.routes.js';
import { recordDataUpdate } from './data-update.js';
import { insertBars, instrumentRow } from '../../testing/market-fixtures.js';
import { loadSettings, SettingsError } from '../../config/settings.js';

const TOKEN = 'scrape-token-0123456789abcdef';

/** The value of one sample line (`name{labels} value`) in Prometheus's text format, or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found: Record<string, string> = {};
    for (const [, k, v] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) found[k!] = v!;
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(match[3]);
  }
  return undefined;
}

describe.each(testDialects())('GET /metrics on %s', (dialect) => {
  const live = useLiveServer(dialect, { settings: { METRICS_TOKEN: TOKEN } });
  const scrape = async (authorization?: string) =>
    fetch(`${live.baseUrl}/metrics`, authorization ? { headers: { authorization } } : {});

  it('refuses a scraper without the token or with a wrong one (401, app error shape)', async () => {
    for (const authorization of [
      undefined,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Bearer ${TOKEN}x`,
      `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`,
      TOKEN,
      `Bearer`,
    ]) {
      const res = await scrape(authorization);
      expect(res.status, String(authorization)).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(errorResponseSchema.parse(await res.json()).error.code).toBe('unauthorized');
    }
  });

  it('a signed-in admin session is no substitute for the token', async () => {
    const admin = await signedInUser(live, { role: 'admin' });
    const res = await rawRequest(live.port, [
      'GET /metrics HTTP/1.1',
      `Host: 127.0.0.1:${live.port}`,
      `Cookie: ${admin.cookie}`,
    ]);
    expect(res.status).toBe(401);
  });

  it('answers the scraper with the token: requests by route pattern and status, lag, jobs, mail, market data', async () => {
    // Traffic to label: one route with a parameter, reached with two different values.
    await fetch(`${live.baseUrl}/api/health`);
    const user = await signedInUser(live);
    for (const symbol of ['AAPL', 'MSFT', 'NOPE-1']) {
      await fetch(`${live.baseUrl}/api/v1/bars/${symbol}`, { headers: { cookie: user.cookie } });
    }
    await fetch(`${live.baseUrl}/api/no/such/thing-${Date.now()}`);
    const now = Date.now();
    await live.services.database.db
      .insertInto('jobs')
      .values([
        {
          kind: 'x',
          unique_key: 'a',
          run_at: now - 1000,
          payload: '{}',
          status: 'pending',
          attempts: 0,
          locked_until: 0,
          last_error: null,
          created_at: now,
          updated_at: now,
        },
        {
          kind: 'x',
          unique_key: 'b',
          run_at: now + 3_600_000,
          payload: '{}',
          status: 'pending',
          attempts: 1,
          locked_until: 0,
          last_error: 'boom',
          created_at: now,
          updated_at: now,
        },
        {
          kind: 'x',
          unique_key: 'c',
          run_at: now,
          payload: '{}',
          status: 'failed',
          attempts: 5,
          locked_until: 0,
          last_error: 'boom',
          created_at: now,
          updated_at: now,
        },
      ])
      .execute();
    await live.services.database.db
      .insertInto('mail_outbox')
      .values(
        (['sent', 'sent', 'failed'] as const).map((status) => ({
          to_address: 'a@example.com',
          template: 't',
          subject: 's',
          text_body: 'b',
          html_body: '',
          transport: 'smtp' as const,
          status,
          error: status === 'failed' ? 'refused' : null,
          created_at: now,
        })),
      )
      .execute();

    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();

    const route = '/api/v1/bars/:symbol';
    expect(text).not.toMatch(/route="[^"]*(AAPL|MSFT|NOPE-1|thing-)/);
    const bars = sample(text, 'solstice_http_requests_total', { method: 'GET', route });
    expect(bars, text.slice(0, 3000)).toBeGreaterThanOrEqual(1);
    const barsAllStatuses = text
      .split('\n')
      .filter((l) => l.startsWith('solstice_http_requests_total{') && l.includes(`route="${route}"`))
      .reduce((n, l) => n + Number(l.split(' ').at(-1)), 0);
    expect(barsAllStatuses).toBe(3);
    expect(sample(text, 'solstice_http_requests_total', { route: '/api/health', status_code: '200' })).toBe(1);
    expect(sample(text, 'solstice_http_requests_total', { route: '(unmatched)', status_code: '404' })).toBe(1);
    expect(sample(text, 'solstice_http_request_duration_seconds_count', { route: '/api/health' })).toBe(1);
    expect(sample(text, 'solstice_http_request_duration_seconds_bucket', { route: '/api/health', le: '+Inf' })).toBe(1);

    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);

    expect(sample(text, 'solstice_jobs', { status: 'pending' })).toBe(2);
    expect(sample(text, 'solstice_jobs', { status: 'failed' })).toBe(1);
    expect(sample(text, 'solstice_jobs', { status: 'done' })).toBe(0);
    expect(sample(text, 'solstice_jobs_due')).toBe(1);
    expect(sample(text, 'solstice_jobs_retrying')).toBe(1);
    expect(sample(text, 'solstice_mail_messages', { transport: 'smtp', status: 'sent' })).toBe(2);
    expect(sample(text, 'solstice_mail_messages', { transport: 'smtp', status: 'failed' })).toBe(1);

    // No market data and no data update yet: absent, not a misleading 0.
    expect(sample(text, 'solstice_market_instruments')).toBe(0);
    expect(text).toContain('# TYPE solstice_market_latest_bar_age_days gauge');
    expect(sample(text, 'solstice_market_latest_bar_age_days')).toBeUndefined();
    expect(sample(text, 'solstice_data_update_last_success_timestamp_seconds')).toBeUndefined();
  });

  it('reports the latest bar and the last data update once there are some', async () => {
    const db = live.services.database.db;
    const writtenAt = Date.UTC(2025, 0, 6, 12);
    await db
      .insertInto('instruments')
      .values(instrumentRow('SPY', { name: 'SPDR S&P 500', type: 'etf', updated_at: writtenAt }))
      .execute();
    const latest = new Date(Date.now() - 4 * 86_400_000).toISOString().slice(0, 10);
    await insertBars(db, [{ symbol: 'SPY', date: latest, open: 1, high: 1, low: 1, close: 1, volume: 1 }]);
    await live.services.market.reload();
    await recordDataUpdate(db, { ok: true, at: writtenAt });
    await recordDataUpdate(db, { ok: true, at: writtenAt + 1000 });

    const text = await (await scrape(`Bearer ${TOKEN}`)).text();
    expect(sample(text, 'solstice_market_latest_bar_age_days')).toBe(4);
    expect(sample(text, 'solstice_market_latest_bar_timestamp_seconds')).toBe(Date.parse(`${latest}T00:00:00Z`) / 1000);
    expect(sample(text, 'solstice_market_instruments')).toBe(1);
    expect(sample(text, 'solstice_data_update_last_success_timestamp_seconds')).toBe(writtenAt / 1000 + 1);
    expect(sample(text, 'solstice_data_update_last_failure_timestamp_seconds')).toBeUndefined();

    await recordDataUpdate(db, { ok: false, at: writtenAt + 5000 });
    const later = await (await scrape(`Bearer ${TOKEN}`)).text();
    expect(sample(later, 'solstice_data_update_last_failure_timestamp_seconds')).toBe(writtenAt / 1000 + 5);
    expect(sample(later, 'solstice_data_update_last_success_timestamp_seconds')).toBe(writtenAt / 1000 + 1);
  });
});

describe.each(testDialects())('GET /metrics without METRICS_TOKEN on %s', (dialect) => {
  const live = useLiveServer(dialect);

  it('does not exist: 404 in the app shape, whatever is sent (not the page gate redirect)', async () => {
    const attempts: Record<string, string>[] = [{}, { authorization: `Bearer ${TOKEN}` }, { authorization: 'Bearer ' }];
    for (const headers of attempts) {
      const res = await fetch(`${live.baseUrl}/metrics`, { headers, redirect: 'manual' });
      expect(res.status).toBe(404);
      expect(errorResponseSchema.parse(await res.json()).error.code).toBe('not_found');
    }
  });
});

describe('bearerMatches', () => {
  it('takes exactly "Bearer <token>"', () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`Bearer ${TOKEN} extra`, TOKEN)).toBe(false);
    expect(bearerMatches(undefined, TOKEN)).toBe(false);
    expect(bearerMatches('', TOKEN)).toBe(false);
  });
});

describe('METRICS_TOKEN', () => {
  it('is at least 16 characters, named in the error without its value', () => {
    expect(() => loadSettings({ METRICS_TOKEN: 'short-secret' })).toThrow(SettingsError);
    try {
      loadSettings({ METRICS_TOKEN: 'short-secret' });
    } catch (error) {
      expect((error as SettingsError).problems).toEqual([
        'METRICS_TOKEN: expected at least 16 characters (e.g. openssl rand -hex 32)',
      ]);
    }
    expect(loadSettings({ METRICS_TOKEN: TOKEN }).METRICS_TOKEN).toBe(TOKEN);
    expect(loadSettings({ METRICS_TOKEN: '' }).METRICS_TOKEN).toBeUndefined();
  });
});
