import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  ENDPOINTS,
  alertMailPreferenceSchema,
  notificationsQuerySchema,
  notificationsReadSchema,
} from '@solstice/contracts';
import type { DatabaseHandle } from '../../db/database.js';
import { PUBLIC, SIGNED_IN } from '../../http/access.js';
import { badRequest } from '../../http/errors.js';
import { routeDeclarer } from '../../http/declare-route.js';
import type { ZodTypeProvider } from '../../http/route-schemas.js';
import { requireUser } from '../auth/auth-user.js';
import type { Clock } from '../jobs/clock.js';
import { escapeHtml } from '../mail/mail-templates.js';
import { setAlertMail, userOfUnsubscribeToken } from './alert-mail.js';
import { listNotifications, markRead, unreadCount } from './notifications.repository.js';

function page(title: string, message: string): string {
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · Solstice</title></head>`,
    `<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p><a href="/profile">Profile</a> · <a href="/">Solstice</a></p></main></body></html>`,
  ].join('');
}

/**
 * The bell (what fired, newest first, and the unread count), the alert-mail preference, and
 * the one-click unsubscribe link of the digest (a signed token, no sign-in). Notifications
 * are the user's own: readable signed in, whatever their plan.
 */
export function notificationRoutes({
  database,
  clock,
}: {
  database: DatabaseHandle;
  clock: Clock;
}): FastifyPluginAsync {
  const db = () => database.db;
  return async (instance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const route = routeDeclarer(app);
    const NOTIFICATIONS = {
      summary: 'What fired, newest first, and the unread count',
      querystring: notificationsQuerySchema,
    };
    route(ENDPOINTS.notifications, SIGNED_IN, NOTIFICATIONS, async (request) => {
      const userId = requireUser(request).id;
      const query = request.query;
      const [data, unread] = await Promise.all([
        listNotifications(db(), userId, {
          unread: query.unread === 'true',
          ...(query.limit ? { limit: query.limit } : {}),
          ...(query.before ? { before: query.before } : {}),
        }),
        unreadCount(db(), userId),
      ]);
      return { data, unread };
    });

    route(ENDPOINTS.notificationsUnreadCount, SIGNED_IN, { summary: "The bell's count" }, async (request) => {
      return { unread: await unreadCount(db(), requireUser(request).id) };
    });

    const NOTIFICATIONS_READ = { summary: 'Marks notifications read (ids, or all)', body: notificationsReadSchema };
    route(ENDPOINTS.notificationsRead, SIGNED_IN, NOTIFICATIONS_READ, async (request) => {
      const userId = requireUser(request).id;
      const input = request.body;
      const changed = await markRead(db(), userId, 'all' in input ? 'all' : input.ids, clock.now());
      return { changed, unread: await unreadCount(db(), userId) };
    });

    route(ENDPOINTS.alertMail, SIGNED_IN, { summary: 'Whether the daily alert digest is sent' }, async (request) => {
      const row = await db()
        .selectFrom('users')
        .select('alert_mail')
        .where('id', '=', requireUser(request).id)
        .executeTakeFirstOrThrow();
      return { alertMail: row.alert_mail === 1 };
    });

    const ALERT_MAIL_SET = { summary: 'Turns the daily alert digest on or off', body: alertMailPreferenceSchema };
    route(ENDPOINTS.alertMailSet, SIGNED_IN, ALERT_MAIL_SET, async (request) => {
      const input = request.body;
      await setAlertMail(db(), requireUser(request).id, input.alertMail, clock.now());
      return { alertMail: input.alertMail };
    });

    // GET from the mail's link, POST from mail clients' one-click (RFC 8058): both turn it off.
    const unsubscribe = async (request: FastifyRequest) => {
      const token = (request.query as { token?: unknown }).token;
      const userId = typeof token === 'string' ? await userOfUnsubscribeToken(db(), token) : null;
      if (userId === null) throw badRequest('This unsubscribe link is not valid (it may have been cut short).');
      await setAlertMail(db(), userId, false, clock.now());
    };
    app.get(
      '/api/v1/alert-mail/unsubscribe',
      {
        config: PUBLIC,
        schema: { summary: "The digest's one-click unsubscribe link (a signed token, no sign-in); answers a page" },
      },
      async (request, reply) => {
        try {
          await unsubscribe(request);
        } catch {
          return reply
            .status(400)
            .type('text/html; charset=utf-8')
            .send(page('Link not valid', 'This unsubscribe link is not valid (it may have been cut short).'));
        }
        return reply
          .type('text/html; charset=utf-8')
          .send(
            page(
              'Alert mail is off',
              'You will no longer receive alert mail from Solstice. Your alerts keep running in the app; turn the mail back on in your profile.',
            ),
          );
      },
    );
    app.post(
      '/api/v1/alert-mail/unsubscribe',
      { config: PUBLIC, schema: { summary: 'One-click unsubscribe from mail clients (RFC 8058)' } },
      async (request, reply) => {
        await unsubscribe(request);
        return reply.status(204).send();
      },
    );
  };
}
