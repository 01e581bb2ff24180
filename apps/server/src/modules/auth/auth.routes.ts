import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Settings } from '../../config/settings.js';
import type { Database } from '../../db/schema.js';
import type { Log } from '../../logging.js';
import { PUBLIC, SIGNED_IN } from '../../http/access.js';
import { AppError, conflict, unauthorized } from '../../http/errors.js';
import { routeDeclarer } from '../../http/declare-route.js';
import type { ZodTypeProvider } from '../../http/route-schemas.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { MailSender } from '../mail/mail-sender.js';
import { meOf } from './me.js';
import { requireUser } from './auth-user.js';
import { assertPasswordPolicy } from './password-policy.js';
import { endResetLinks, queuePasswordReset, resetTokenHash } from './password-resets.js';
import { hashPassword, verifyPassword } from './passwords.js';
import type { RateLimiter } from './rate-limiter.js';
import { consume, ipOf, reserveLoginAttempt } from './rate-limits.js';
import { clearSessionCookie, readSessionToken, setSessionCookie } from './session-cookie.js';
import { createSession, deleteSession, deleteSessionsOfUser } from './sessions.js';
import {
  DuplicateAccountError,
  findUserById,
  findUserByLogin,
  insertUser,
  setPasswordHash,
  updatePreferences,
  type UserRow,
} from './users.repository.js';
import { sendWelcome } from '../mail/notifications.js';

/** Auth bodies are small; anything bigger is refused before parsing. */
const AUTH_BODY_LIMIT = 16 * 1024;

const LOGIN_FAILED = 'The e-mail address, username or password is not right.';

/** What accounts need: the sign-in rules, the database, throttling, mail and the job queue (reset mail). */
export interface AuthDeps {
  settings: Settings;
  db: Kysely<Database>;
  rateLimiter: RateLimiter;
  mail: MailSender;
  log: Log;
  jobs: JobQueue;
}

export function authRoutes(deps: AuthDeps): FastifyPluginAsync {
  const { settings, rateLimiter: limiter, jobs } = deps;
  const db = () => deps.db;

  /** The signed-in user's row; a session whose account is gone is no longer signed in. */
  async function signedInRow(userId: number): Promise<UserRow> {
    const row = await findUserById(db(), userId);
    if (!row) throw unauthorized();
    return row;
  }

  async function signIn(request: FastifyRequest, reply: FastifyReply, userId: number): Promise<void> {
    const token = await createSession(db(), userId);
    setSessionCookie(settings, request, reply, token);
  }

  return async (instance) => {
    const route = routeDeclarer(instance.withTypeProvider<ZodTypeProvider>(), { bodyLimit: AUTH_BODY_LIMIT });
    route('signup', PUBLIC, async (request, reply) => {
      const input = request.body;
      await assertPasswordPolicy(input.password, input, 'body.password');
      await consume(limiter, 'signupPerIp', ipOf(request));
      const passwordHash = await hashPassword(input.password);
      let row: UserRow;
      try {
        row = await insertUser(db(), { email: input.email, username: input.username, passwordHash });
      } catch (error) {
        if (error instanceof DuplicateAccountError) {
          const message =
            error.field === 'email' ? 'An account with this e-mail address exists.' : 'This username is taken.';
          throw conflict(message, { issues: [{ path: `body.${error.field}`, message }] });
        }
        throw error;
      }
      await signIn(request, reply, row.id);
      await sendWelcome(deps, row, request.headers['accept-language']);
      return reply.status(201).send(await meOf(db(), row));
    });

    route('login', PUBLIC, async (request, reply) => {
      const input = request.body;
      const row = await findUserByLogin(db(), input.login);
      // One counter per account whichever name is typed; an unknown login counts by its text.
      const account = row ? `user:${row.email}` : `login:${input.login.toLowerCase()}`;
      // Counted as a failure before the costly hash check, so a burst cannot outrun the limit.
      const attempt = await reserveLoginAttempt(limiter, account, ipOf(request));
      const ok = await verifyPassword(row?.password_hash ?? null, input.password);
      if (!row || !ok) throw new AppError('unauthorized', LOGIN_FAILED);
      await attempt.succeeded();
      // A session token from before the login is never reused (fixation).
      const previous = readSessionToken(settings, request);
      if (previous) await deleteSession(db(), previous);
      await signIn(request, reply, row.id);
      return reply.status(200).send(await meOf(db(), row));
    });

    route('logout', PUBLIC, async (request, reply) => {
      const token = readSessionToken(settings, request);
      if (token) await deleteSession(db(), token);
      clearSessionCookie(settings, request, reply);
      return reply.status(204).send();
    });

    route('me', SIGNED_IN, async (request) => {
      return meOf(db(), await signedInRow(requireUser(request).id));
    });

    route('preferences', SIGNED_IN, async (request) => {
      const user = requireUser(request);
      const input = request.body;
      await updatePreferences(db(), user.id, input);
      return meOf(db(), await signedInRow(user.id));
    });

    route('passwordChange', SIGNED_IN, async (request, reply) => {
      const user = requireUser(request);
      const input = request.body;
      await consume(limiter, 'passwordChangePerAccount', String(user.id));
      const row = await signedInRow(user.id);
      if (!(await verifyPassword(row.password_hash, input.currentPassword))) {
        const message = 'The current password is not right.';
        throw new AppError('validation_failed', message, { issues: [{ path: 'body.currentPassword', message }] });
      }
      await assertPasswordPolicy(input.newPassword, row, 'body.newPassword');
      const newHash = await hashPassword(input.newPassword);
      // Every other session and every outstanding reset link ends; this browser gets a fresh session.
      await db()
        .transaction()
        .execute(async (trx) => {
          await setPasswordHash(trx, row.id, newHash);
          await deleteSessionsOfUser(trx, row.id);
          await endResetLinks(trx, row.id);
        });
      await signIn(request, reply, row.id);
      return reply.status(200).send(await meOf(db(), row));
    });

    route('passwordResetRequest', PUBLIC, async (request, reply) => {
      const input = request.body;
      const email = input.email.toLowerCase();
      await consume(limiter, 'resetPerIp', ipOf(request));
      await consume(limiter, 'resetPerAccount', email);
      await queuePasswordReset(jobs, email);
      // The same answer whether or not the address has an account.
      return reply.status(202).send({ data: { status: 'accepted' } });
    });

    route('passwordResetConfirm', PUBLIC, async (request, reply) => {
      const input = request.body;
      await consume(limiter, 'resetPerIp', ipOf(request));
      const now = Date.now();
      const tokenHash = resetTokenHash(input.token);
      const invalid = () => {
        const message = 'This reset link is invalid, used or expired; ask for a new one.';
        return new AppError('validation_failed', message, { issues: [{ path: 'body.token', message }] });
      };
      // A cheap look first: a made-up token costs no hashing.
      const pending = await db()
        .selectFrom('password_resets')
        .innerJoin('users', 'users.id', 'password_resets.user_id')
        .select(['users.email', 'users.username'])
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      if (!pending) throw invalid();
      await assertPasswordPolicy(input.newPassword, pending, 'body.newPassword');
      const newHash = await hashPassword(input.newPassword);
      const userId = await db()
        .transaction()
        .execute(async (trx) => {
          // Marking it used in the same statement that checks it makes the link single-use under races.
          const claimed = await trx
            .updateTable('password_resets')
            .set({ used_at: now })
            .where('token_hash', '=', tokenHash)
            .where('used_at', 'is', null)
            .where('expires_at', '>', now)
            .returning('user_id')
            .executeTakeFirst();
          if (!claimed) return null;
          const id = Number(claimed.user_id);
          await trx
            .updateTable('users')
            .set({ password_hash: newHash, updated_at: now })
            .where('id', '=', id)
            .execute();
          await trx.deleteFrom('sessions').where('user_id', '=', id).execute();
          // Other outstanding links of the account die with this one.
          await endResetLinks(trx, id, now);
          return id;
        });
      if (userId === null) throw invalid();
      clearSessionCookie(settings, request, reply);
      return reply.status(204).send();
    });
  };
}
