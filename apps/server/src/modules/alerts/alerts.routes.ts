import { readTriggerDetail } from './trigger-words.js';
import type { FastifyPluginAsync } from 'fastify';
import { ALERT_LIMITS, type AlertCreated } from '@solstice/contracts';
import type { Settings } from '../../config/settings.js';
import type { DatabaseHandle } from '../../db/database.js';
import { SUBSCRIBERS } from '../../http/access.js';
import { conflict, notFound, orNotFound } from '../../http/errors.js';
import { routeDeclarer } from '../../http/declare-route.js';
import type { ZodTypeProvider } from '../../http/route-schemas.js';
import { requireUser } from '../auth/auth-user.js';
import type { Clock } from '../jobs/clock.js';
import type { MarketCache } from '../market/market-cache.js';
import { alertColumns, checkAlert, mergePatch } from './alert-input.js';
import { alertUsage, checkSymbolsLimit } from './alert-usage.js';
import {
  countAlerts,
  deleteAlert,
  getAlertRow,
  insertAlert,
  listAlertRows,
  toAlert,
  updateAlert,
} from './alerts.repository.js';
import { newWebhookSecret } from './webhook.js';

const NOT_FOUND = 'No such alert.';

/** A subscriber's alerts; another user's alert is a 404, never a 403. */
export function alertRoutes({
  database,
  market,
  clock,
  settings,
}: {
  database: DatabaseHandle;
  market: MarketCache;
  clock: Clock;
  settings: Settings;
}): FastifyPluginAsync {
  const db = () => database.db;
  const checkDeps = () => ({ db: db(), market, allowLocalWebhooks: settings.ALERT_WEBHOOKS_ALLOW_LOCAL });
  return async (instance) => {
    const route = routeDeclarer(instance.withTypeProvider<ZodTypeProvider>());

    route('alerts', SUBSCRIBERS, async (request) => {
      const userId = requireUser(request).id;
      const rows = await listAlertRows(db(), userId);
      const { usage } = await alertUsage(db(), userId, settings.ALERT_SYMBOLS_PER_ACCOUNT);
      return { data: rows.map(toAlert), limit: ALERT_LIMITS.alerts, usage };
    });

    route('alertCreate', SUBSCRIBERS, async (request, reply) => {
      const userId = requireUser(request).id;
      const input = request.body;
      await checkAlert(checkDeps(), userId, input);
      await checkSymbolsLimit(db(), userId, settings.ALERT_SYMBOLS_PER_ACCOUNT, input);
      if ((await countAlerts(db(), userId)) >= ALERT_LIMITS.alerts) {
        throw conflict(
          `You have ${ALERT_LIMITS.alerts} alerts, the most an account can keep. Delete or reuse one to add another.`,
        );
      }
      const now = clock.now();
      const secret = input.webhookUrl ? newWebhookSecret() : null;
      const row = await insertAlert(db(), {
        ...alertColumns(input),
        user_id: userId,
        webhook_secret: secret,
        created_at: now,
        updated_at: now,
      });
      const body: AlertCreated = { ...toAlert(row), ...(secret ? { webhookSecret: secret } : {}) };
      return reply.status(201).send({ data: body });
    });

    route('alert', SUBSCRIBERS, async (request) => {
      const { id } = request.params;
      const row = orNotFound(await getAlertRow(db(), requireUser(request).id, id), NOT_FOUND);
      return { data: toAlert(row) };
    });

    route('alertUpdate', SUBSCRIBERS, async (request) => {
      const userId = requireUser(request).id;
      const { id } = request.params;
      const patch = request.body;
      const row = orNotFound(await getAlertRow(db(), userId, id), NOT_FOUND);
      const merged = mergePatch(toAlert(row), patch);
      await checkAlert(checkDeps(), userId, merged);
      await checkSymbolsLimit(db(), userId, settings.ALERT_SYMBOLS_PER_ACCOUNT, merged, id);
      // A new webhook address gets a new secret (shown once); removing it forgets the secret.
      const newUrl = (merged.webhookUrl ?? null) !== row.webhook_url;
      const secret = newUrl ? (merged.webhookUrl ? newWebhookSecret() : null) : row.webhook_secret;
      // Resuming the webhook, or giving another address, clears the pause its failures put on it.
      const webhookPause =
        newUrl || patch.webhookPaused === false ? { webhook_paused_at: null, webhook_paused_reason: null } : {};
      const updated = await updateAlert(db(), userId, id, {
        ...alertColumns(merged),
        ...webhookPause,
        webhook_secret: secret,
        // Resuming clears the reason the server paused it for.
        paused_reason: merged.paused ? row.paused_reason : null,
        updated_at: clock.now(),
      });
      if (!updated) throw notFound(NOT_FOUND);
      const body: AlertCreated = { ...toAlert(updated), ...(newUrl && secret ? { webhookSecret: secret } : {}) };
      return { data: body };
    });

    route('alertDelete', SUBSCRIBERS, async (request, reply) => {
      const { id } = request.params;
      if (!(await deleteAlert(db(), requireUser(request).id, id))) throw notFound(NOT_FOUND);
      return reply.status(204).send();
    });

    route('alertHistory', SUBSCRIBERS, async (request) => {
      const userId = requireUser(request).id;
      const { id } = request.params;
      if (!(await getAlertRow(db(), userId, id))) throw notFound(NOT_FOUND);
      const rows = await db()
        .selectFrom('alert_triggers')
        .select(['id', 'symbol', 'bar_date', 'event', 'detail', 'message', 'link', 'read_at', 'created_at'])
        .where('alert_id', '=', id)
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .limit(200)
        .execute();
      return {
        data: rows.map((r) => ({
          id: Number(r.id),
          symbol: r.symbol,
          barDate: r.bar_date,
          event: r.event,
          detail: readTriggerDetail(r.detail),
          message: r.message,
          link: r.link,
          read: r.read_at !== null,
          createdAt: Number(r.created_at),
        })),
      };
    });
  };
}
