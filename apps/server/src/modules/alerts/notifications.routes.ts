import type { FastifyPluginAsync } from 'fastify';
import type { DatabaseHandle } from '../../db/database.js';
import type { Settings } from '../../config/settings.js';
import { SIGNED_IN } from '../../http/access.js';
import { routeDeclarer } from '../../http/declare-route.js';
import type { ZodTypeProvider } from '../../http/route-schemas.js';
import { requireUser } from '../auth/auth-user.js';
import type { Clock } from '../jobs/clock.js';
import { setAlertMail } from './alert-mail.js';
import { listNotifications, markRead, unreadCount } from './notifications.repository.js';
import { unsubscribeRoutes } from './unsubscribe.routes.js';

/**
 * The bell (what fired, newest first, and the unread count), the alert-mail preference, and
 * the digest's unsubscribe link (unsubscribe.routes.ts). Notifications
 * are the user's own: readable signed in, whatever their plan.
 */
export function notificationRoutes({
  database,
  clock,
  settings,
}: {
  database: DatabaseHandle;
  clock: Clock;
  settings: Pick<Settings, 'DEFAULT_LANGUAGE'>;
}): FastifyPluginAsync {
  const defaultLanguage = settings.DEFAULT_LANGUAGE;
  const db = () => database.db;
  return async (instance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const route = routeDeclarer(app);

    route('notifications', SIGNED_IN, async (request) => {
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

    route('notificationsUnreadCount', SIGNED_IN, async (request) => {
      return { unread: await unreadCount(db(), requireUser(request).id) };
    });

    route('notificationsRead', SIGNED_IN, async (request) => {
      const userId = requireUser(request).id;
      const input = request.body;
      const changed = await markRead(db(), userId, 'all' in input ? 'all' : input.ids, clock.now());
      return { changed, unread: await unreadCount(db(), userId) };
    });

    route('alertMail', SIGNED_IN, async (request) => {
      const row = await db()
        .selectFrom('users')
        .select('alert_mail')
        .where('id', '=', requireUser(request).id)
        .executeTakeFirstOrThrow();
      return { alertMail: row.alert_mail === 1 };
    });

    route('alertMailSet', SIGNED_IN, async (request) => {
      const input = request.body;
      await setAlertMail(db(), requireUser(request).id, input.alertMail, clock.now());
      return { alertMail: input.alertMail };
    });

    await app.register(unsubscribeRoutes({ database, clock, defaultLanguage }));
  };
}
