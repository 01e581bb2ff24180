import { NOTICE_SYMBOL, languageOfLocale, type Language, type TriggerDetail } from '@solstice/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { MailSender } from '../mail/mail-sender.js';
import { escapeHtml } from '../mail/mail-templates.js';
import { MAIL_TEXTS } from '../mail/mail-texts.js';
import { triggerText } from './trigger-words.js';
import { webhookHost, type WebhookBatch } from './webhook.js';

type Db = Kysely<Database>;

export const WEBHOOK_PAUSED_MAIL_JOB = 'alerts.webhook_paused_mail';

/**
 * A delivery failed for good (every retry): the alert's webhook is paused rather than tried on
 * every later session, and its owner is told in the app (a notification) and by mail. One
 * transaction, and only the first failure pauses: a second failed delivery adds nothing.
 */
export async function pauseWebhook(
  deps: { db: Db; jobs: JobQueue; now: () => number },
  batch: WebhookBatch,
  failure: string,
): Promise<boolean> {
  const now = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    const alert = await trx
      .selectFrom('alerts')
      .select(['id', 'user_id', 'name', 'kind', 'webhook_url'])
      .where('id', '=', batch.alertId)
      .where('webhook_paused_at', 'is', null)
      .executeTakeFirst();
    if (!alert?.webhook_url) return false;
    const host = webhookHost(alert.webhook_url);
    const reason = `Deliveries to ${host} failed every attempt (five, over 15 minutes) (last: ${failure}).`;
    await trx
      .updateTable('alerts')
      .set({ webhook_paused_at: now, webhook_paused_reason: reason, updated_at: now })
      .where('id', '=', alert.id)
      .execute();
    const detail: TriggerDetail = { host, reason: failure };
    await trx
      .insertInto('alert_triggers')
      .values({
        alert_id: alert.id,
        user_id: alert.user_id,
        symbol: NOTICE_SYMBOL.webhookPaused,
        bar_date: batch.barDate,
        event: 'webhook-paused',
        message: triggerText('en', {
          symbol: NOTICE_SYMBOL.webhookPaused,
          barDate: batch.barDate,
          event: 'webhook-paused',
          alertName: alert.name,
          detail,
        }),
        detail: JSON.stringify(detail),
        link: `/alerts?alert=${Number(alert.id)}`,
        read_at: null,
        created_at: now,
      })
      .onConflict((oc) => oc.columns(['alert_id', 'symbol', 'bar_date']).doNothing())
      .execute();
    await deps.jobs.schedule(
      WEBHOOK_PAUSED_MAIL_JOB,
      `${WEBHOOK_PAUSED_MAIL_JOB}:${Number(alert.id)}:${now}`,
      now,
      { alertId: Number(alert.id) },
      trx,
    );
    return true;
  });
}

/** The owner's mail about a paused webhook, in their language; nothing when alert mail is off or it was resumed. */
export async function sendWebhookPausedMail(
  deps: { db: Db; mail: MailSender; appUrl: string; defaultLanguage?: Language },
  alertId: number,
): Promise<boolean> {
  const row = await deps.db
    .selectFrom('alerts as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.name', 'a.webhook_url', 'a.webhook_paused_at', 'u.email', 'u.username', 'u.locale', 'u.alert_mail'])
    .where('a.id', '=', alertId)
    .executeTakeFirst();
  if (!row || row.alert_mail !== 1 || row.webhook_paused_at === null || !row.webhook_url) return false;
  const language = languageOfLocale(row.locale) ?? deps.defaultLanguage ?? 'en';
  const words = MAIL_TEXTS[language];
  const link = `${deps.appUrl}/alerts?alert=${alertId}`;
  const paragraphs = words.webhookPaused.paragraphs(row.name, webhookHost(row.webhook_url));
  await deps.mail.send({
    to: row.email,
    subject: words.webhookPaused.subject(row.name),
    text: [
      words.hello(row.username),
      '',
      ...paragraphs,
      '',
      `${words.webhookPaused.link}: ${link}`,
      '',
      words.signOff,
    ].join('\n'),
    html: [
      `<!doctype html><html lang="${language}"><body style="font-family: Roboto, Arial, sans-serif; color: #222;">`,
      `<p>${escapeHtml(words.hello(row.username))}</p>`,
      ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
      `<p><a href="${escapeHtml(link)}">${escapeHtml(words.webhookPaused.link)}</a></p>`,
      `<p>${escapeHtml(words.signOff)}</p>`,
      '</body></html>',
    ].join('\n'),
    template: 'alert-webhook-paused',
  });
  return true;
}
