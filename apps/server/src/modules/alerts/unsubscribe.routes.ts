import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { browserLanguage, languageOfLocale, type Language } from '@solstice/contracts';
import type { DatabaseHandle } from '../../db/database.js';
import { PUBLIC } from '../../http/access.js';
import { badRequest } from '../../http/errors.js';
import type { Clock } from '../jobs/clock.js';
import { escapeHtml } from '../mail/mail-templates.js';
import { MAIL_TEXTS, type MailTexts } from '../mail/mail-texts.js';
import { checkUnsubscribeToken, setAlertMail, type UnsubscribeTokenCheck } from './alert-mail.js';

export const UNSUBSCRIBE_PATH = '/api/v1/alert-mail/unsubscribe';

/** The body RFC 8058 prescribes for a one-click POST: the field and its one value. */
const ONE_CLICK_FIELD = 'List-Unsubscribe';
const ONE_CLICK_VALUE = 'One-Click';

/** A one-click body is a few dozen bytes; nothing bigger is read. */
const FORM_BODY_LIMIT = 16 * 1024;

/** The fields of a multipart/form-data body (text fields only; a file's content is kept as text). */
export function multipartFields(body: string, contentType: string): Record<string, string> {
  const boundary = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const delimiter = boundary?.[1] ?? boundary?.[2];
  if (!delimiter) throw badRequest('A multipart/form-data body needs a boundary in its Content-Type.');
  const fields: Record<string, string> = {};
  for (const part of body.split(`--${delimiter}`).slice(1)) {
    if (part.startsWith('--')) break;
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) continue;
    const head = part.slice(0, split);
    const name = /content-disposition:[^\r\n]*;\s*name="([^"]*)"/i.exec(head)?.[1];
    if (name !== undefined && !(name in fields)) fields[name] = part.slice(split + 4).replace(/\r\n$/, '');
  }
  return fields;
}

interface UnsubscribeDeps {
  database: DatabaseHandle;
  clock: Clock;
  defaultLanguage: Language;
}

/**
 * The digest's unsubscribe link (List-Unsubscribe, RFC 8058). Its token (signed, expiring:
 * alert-mail.ts) is the only authority: no cookie and no sign-in are read. A GET only shows a
 * page asking to confirm (a mail scanner that opens links must not turn mail off); the page's
 * button and a mail provider's one-click POST `List-Unsubscribe=One-Click` (form-urlencoded
 * or multipart, the token in the query string) turn it off.
 */
export function unsubscribeRoutes({ database, clock, defaultLanguage }: UnsubscribeDeps): FastifyPluginAsync {
  const db = () => database.db;

  async function check(request: FastifyRequest): Promise<UnsubscribeTokenCheck> {
    const token = (request.query as { token?: unknown }).token;
    return typeof token === 'string' ? checkUnsubscribeToken(db(), token, clock.now()) : { problem: 'invalid' };
  }

  /** The account's language, else the browser's, else the server's default. */
  async function languageFor(request: FastifyRequest, checked: UnsubscribeTokenCheck): Promise<Language> {
    if ('userId' in checked) {
      const row = await db().selectFrom('users').select('locale').where('id', '=', checked.userId).executeTakeFirst();
      const own = languageOfLocale(row?.locale);
      if (own) return own;
    }
    return browserLanguage(request.headers['accept-language']) ?? defaultLanguage;
  }

  const problemText = (words: MailTexts['unsubscribe'], problem: 'invalid' | 'expired') =>
    problem === 'expired'
      ? { title: words.expiredTitle, text: words.expiredText }
      : { title: words.invalidTitle, text: words.invalidText };

  function sendPage(reply: FastifyReply, status: number, html: string) {
    return reply
      .status(status)
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex')
      .type('text/html; charset=utf-8')
      .send(html);
  }

  return async (app) => {
    // Only these routes read form bodies: the rest of the API takes JSON.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    app.addContentTypeParser(
      'multipart/form-data',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (request, body, done) => {
        try {
          done(null, multipartFields(String(body), request.headers['content-type'] ?? ''));
        } catch (error) {
          done(error as Error, undefined);
        }
      },
    );

    app.get(
      UNSUBSCRIBE_PATH,
      {
        config: PUBLIC,
        schema: {
          summary: "The digest's unsubscribe link: a page that asks to confirm (a signed, expiring token; no sign-in)",
        },
      },
      async (request, reply) => {
        const checked = await check(request);
        const language = await languageFor(request, checked);
        const words = MAIL_TEXTS[language].unsubscribe;
        if ('problem' in checked) {
          const { title, text } = problemText(words, checked.problem);
          return sendPage(reply, 400, page(language, title, [text, words.profileHint], words));
        }
        const token = (request.query as { token: string }).token;
        const form = [
          `<form method="post" action="${escapeHtml(`${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`)}">`,
          `<input type="hidden" name="${ONE_CLICK_FIELD}" value="${ONE_CLICK_VALUE}">`,
          `<button type="submit">${escapeHtml(words.button)}</button>`,
          '</form>',
        ].join('');
        // Under the app's `no-referrer` a browser posts the form with `Origin: null`, which the
        // origin check refuses; `same-origin` sends the page's own origin (and no referrer elsewhere).
        reply.header('referrer-policy', 'same-origin');
        return sendPage(reply, 200, page(language, words.confirmTitle, [words.confirmText], words, form));
      },
    );

    app.post(
      UNSUBSCRIBE_PATH,
      {
        config: PUBLIC,
        schema: {
          summary:
            'One-click unsubscribe (RFC 8058): the body List-Unsubscribe=One-Click, form-urlencoded or multipart; the token in the query',
        },
      },
      async (request, reply) => {
        // A browser (the confirmation page's button) gets a page; a mail provider the bare status.
        const wantsPage = /\btext\/html\b/.test(request.headers.accept ?? '');
        const checked = await check(request);
        const language = await languageFor(request, checked);
        const words = MAIL_TEXTS[language].unsubscribe;
        if ('problem' in checked) {
          const { title, text } = problemText(words, checked.problem);
          if (wantsPage) return sendPage(reply, 400, page(language, title, [text, words.profileHint], words));
          const english = problemText(MAIL_TEXTS.en.unsubscribe, checked.problem);
          throw badRequest(`${english.text} ${MAIL_TEXTS.en.unsubscribe.profileHint}`, { path: 'query.token' });
        }
        const body = request.body as Record<string, unknown> | undefined;
        if (body?.[ONE_CLICK_FIELD] !== ONE_CLICK_VALUE) {
          throw badRequest(
            `Invalid body.${ONE_CLICK_FIELD}: expected "${ONE_CLICK_FIELD}=${ONE_CLICK_VALUE}" as application/x-www-form-urlencoded or multipart/form-data (RFC 8058).`,
            { path: `body.${ONE_CLICK_FIELD}` },
          );
        }
        await setAlertMail(db(), checked.userId, false, clock.now());
        if (wantsPage) return sendPage(reply, 200, page(language, words.offTitle, [words.offText], words));
        return reply.status(204).send();
      },
    );
  };
}

function page(
  language: Language,
  title: string,
  paragraphs: string[],
  words: MailTexts['unsubscribe'],
  form = '',
): string {
  return [
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)} · Solstice</title></head><body><main>`,
    `<h1>${escapeHtml(title)}</h1>`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    form,
    `<p><a href="/profile">${escapeHtml(words.profile)}</a> · <a href="/">Solstice</a></p>`,
    '</main></body></html>',
  ].join('');
}
