import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { MailSender } from '../mail/mail-sender.js';
import { languageOfLocale, type Language, type TriggerEvent } from '@solstice/contracts';
import { escapeHtml } from '../mail/mail-templates.js';
import { MAIL_TEXTS } from '../mail/mail-texts.js';
import { readTriggerDetail, triggerText } from './trigger-words.js';

type Db = Kysely<Database>;

const SECRET_KEY = 'alert_mail_secret';

/** The key that signs unsubscribe links: made once per database, shared by every process. */
async function signingSecret(db: Db): Promise<Buffer> {
  await db
    .insertInto('app_meta')
    .values({ key: SECRET_KEY, value: randomBytes(32).toString('hex') })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('app_meta').select('value').where('key', '=', SECRET_KEY).executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'hex');
}

/** How long a digest's unsubscribe link works: long enough for a mail read late, not for ever. */
export const UNSUBSCRIBE_TOKEN_DAYS = 60;
const DAY_MS = 24 * 3600 * 1000;

function sign(secret: Buffer, userId: number, expires: number): string {
  return createHmac('sha256', secret).update(`alert-mail-unsubscribe:${userId}:${expires}`).digest('base64url');
}

/**
 * A token that turns one user's alert mail off without signing in, until it expires:
 * `<user id>.<expiry, epoch seconds>.<HMAC of both>`. The HMAC is the only authority.
 */
export async function unsubscribeToken(db: Db, userId: number, now: number): Promise<string> {
  const expires = Math.floor((now + UNSUBSCRIBE_TOKEN_DAYS * DAY_MS) / 1000);
  return `${userId}.${expires}.${sign(await signingSecret(db), userId, expires)}`;
}

export type UnsubscribeTokenCheck = { userId: number } | { problem: 'invalid' | 'expired' };

/** The user a token was made for; `invalid` when this server did not make it, `expired` past its expiry. */
export async function checkUnsubscribeToken(db: Db, token: string, now: number): Promise<UnsubscribeTokenCheck> {
  const match = /^([1-9][0-9]{0,9})\.([1-9][0-9]{0,11})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return { problem: 'invalid' };
  const userId = Number(match[1]);
  const expires = Number(match[2]);
  const expected = Buffer.from(sign(await signingSecret(db), userId, expires));
  const given = Buffer.from(match[3]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { problem: 'invalid' };
  return expires * 1000 <= now ? { problem: 'expired' } : { userId };
}

export async function setAlertMail(db: Db, userId: number, on: boolean, now: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ alert_mail: on ? 1 : 0, updated_at: now })
    .where('id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface DigestDeps {
  db: Db;
  mail: MailSender;
  appUrl: string;
  now: () => number;
  defaultLanguage?: Language;
}

/**
 * One user's digest of one data day: every trigger of that bar date from an alert with mail
 * on. Nothing is sent when the user turned alert mail off or nothing is left to tell. The job
 * that calls this is unique per (user, bar date), so the digest goes out once; a failed send
 * throws and the job retries it.
 */
export async function sendAlertDigest(deps: DigestDeps, userId: number, barDate: string): Promise<boolean> {
  const { db } = deps;
  const user = await db
    .selectFrom('users')
    .select(['email', 'username', 'alert_mail', 'locale'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user || user.alert_mail !== 1) return false;
  const rows = await db
    .selectFrom('alert_triggers as t')
    .innerJoin('alerts as a', 'a.id', 't.alert_id')
    .select(['t.alert_id', 'a.name', 't.message', 't.link', 't.symbol', 't.bar_date', 't.event', 't.detail'])
    .where('t.user_id', '=', userId)
    .where('t.bar_date', '=', barDate)
    .where('a.mail', '=', 1)
    .where('t.event', '!=', 'webhook-paused')
    .orderBy('a.id')
    .orderBy('t.symbol')
    .execute();
  if (rows.length === 0) return false;
  // Each alert's notifications together, its summary of the rest last.
  const sections: { name: string; rows: typeof rows; fired: number }[] = [];
  for (const row of rows) {
    const last = sections[sections.length - 1];
    const section = last && last.rows[0]!.alert_id === row.alert_id ? last : null;
    if (section) section.rows.push(row);
    else sections.push({ name: row.name, rows: [row], fired: 0 });
  }
  for (const section of sections) {
    section.rows.sort((a, b) => Number(a.event === 'more') - Number(b.event === 'more'));
    section.fired = section.rows.reduce(
      (n, r) => n + (r.event === 'more' ? (readTriggerDetail(r.detail).more ?? 0) : 1),
      0,
    );
  }
  const unsubscribe = `${deps.appUrl}/api/v1/alert-mail/unsubscribe?token=${encodeURIComponent(await unsubscribeToken(db, userId, deps.now()))}`;
  const language = languageOfLocale(user.locale) ?? deps.defaultLanguage ?? 'en';
  const words = MAIL_TEXTS[language];
  const said = (r: (typeof rows)[number]) =>
    triggerText(language, {
      symbol: r.symbol,
      barDate: r.bar_date,
      event: r.event as TriggerEvent,
      alertName: r.name,
      detail: readTriggerDetail(r.detail),
    });
  const subject = words.digest.subject(
    barDate,
    sections.reduce((n, s) => n + s.fired, 0),
  );
  const text = [
    words.hello(user.username),
    '',
    words.digest.intro(barDate),
    ...sections.flatMap((s) => [
      '',
      words.digest.section(s.name, s.fired),
      ...s.rows.map((r) => `- ${said(r)}\n  ${deps.appUrl}${r.link}`),
    ]),
    '',
    `${words.digest.all}: ${deps.appUrl}/alerts`,
    '',
    `${words.digest.stop} ${words.digest.stopNote}: ${unsubscribe}`,
    words.signOff,
  ].join('\n');
  const html = [
    `<!doctype html><html lang="${language}"><body style="font-family: Roboto, Arial, sans-serif; color: #222;">`,
    `<p>${escapeHtml(words.hello(user.username))}</p>`,
    `<p>${escapeHtml(words.digest.intro(barDate))}</p>`,
    ...sections.flatMap((s) => [
      `<h3 style="font-size: 15px; margin: 16px 0 4px;">${escapeHtml(words.digest.section(s.name, s.fired))}</h3>`,
      '<ul>',
      ...s.rows.map((r) => `<li><a href="${escapeHtml(deps.appUrl + r.link)}">${escapeHtml(said(r))}</a></li>`),
      '</ul>',
    ]),
    `<p><a href="${escapeHtml(`${deps.appUrl}/alerts`)}">${escapeHtml(words.digest.all)}</a></p>`,
    `<p style="font-size: 12px; color: #555;"><a href="${escapeHtml(unsubscribe)}">${escapeHtml(words.digest.stop)}</a> ${escapeHtml(words.digest.stopNote)}.</p>`,
    `<p>${escapeHtml(words.signOff)}</p>`,
    '</body></html>',
  ].join('\n');
  await deps.mail.send({
    to: user.email,
    subject,
    text,
    html,
    template: 'alert-digest',
    headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  });
  return true;
}
