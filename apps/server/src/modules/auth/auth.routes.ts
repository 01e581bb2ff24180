import { createHash, randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  isSubscriberContact,
  loginRequestSchema,
  passwordChangeRequestSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  preferencesRequestSchema,
  signupRequestSchema,
  type MeResponse,
} from '@solstice/contracts';
import type { AppContext } from '../../context.js';
import { PUBLIC, SIGNED_IN } from '../../http/access.js';
import { AppError, conflict, unauthorized } from '../../http/errors.js';
import { parseInput } from '../../http/validation.js';
import { getContactForUser } from '../contacts/contacts.repository.js';
import { hashPassword, verifyPassword } from './passwords.js';
import type { RateLimiter } from './rate-limiter.js';
import { consume, ensureUnder, ipOf, limitKey, recordFailure } from './rate-limits.js';
import { clearSessionCookie, readSessionToken, setSessionCookie } from './session-cookie.js';
import { createSession, deleteSession, deleteSessionsOfUser } from './sessions.js';
import {
  DuplicateAccountError,
  findUserByEmail,
  findUserById,
  findUserByLogin,
  insertUser,
  rolesOf,
  setPasswordHash,
  toPublicUser,
  updatePreferences,
  type UserRow,
} from './users.repository.js';
import { sendWelcome } from '../mail/notifications.js';

/** Auth bodies are small; anything bigger is refused before parsing. */
const AUTH_BODY_LIMIT = 16 * 1024;
export const RESET_TTL_MS = 60 * 60 * 1000;

const LOGIN_FAILED = 'The e-mail address, username or password is not right.';

function requireUser(request: FastifyRequest) {
  if (!request.user) throw unauthorized();
  return request.user;
}

export function resetTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function authRoutes(ctx: AppContext, limiter: RateLimiter): FastifyPluginAsync {
  const db = () => ctx.database.db;

  async function meOf(row: UserRow): Promise<MeResponse> {
    const contact = await getContactForUser(db(), row.id);
    return { data: toPublicUser(row), roles: rolesOf(row.role), subscriber: isSubscriberContact(contact) };
  }

  async function signIn(request: FastifyRequest, reply: FastifyReply, userId: number): Promise<void> {
    const token = await createSession(db(), userId);
    setSessionCookie(ctx.settings, request, reply, token);
  }

  function appBaseUrl(request: FastifyRequest): string {
    if (ctx.settings.PUBLIC_URL) return ctx.settings.PUBLIC_URL.replace(/\/+$/, '');
    return `${request.protocol}://${request.host}`;
  }

  return async (app) => {
    app.post('/api/auth/signup', { config: PUBLIC, bodyLimit: AUTH_BODY_LIMIT }, async (request, reply) => {
      const input = parseInput(signupRequestSchema, request.body, 'body');
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
      await sendWelcome(ctx, row);
      return reply.status(201).send(await meOf(row));
    });

    app.post('/api/auth/login', { config: PUBLIC, bodyLimit: AUTH_BODY_LIMIT }, async (request, reply) => {
      const input = parseInput(loginRequestSchema, request.body, 'body');
      await ensureUnder(limiter, 'loginFailuresPerIp', ipOf(request));
      const row = await findUserByLogin(db(), input.login);
      // One counter per account whichever name is typed; an unknown login counts by its text.
      const account = row ? `user:${row.email}` : `login:${input.login.toLowerCase()}`;
      await consume(limiter, 'loginFailuresPerAccount', account);
      const ok = await verifyPassword(row?.password_hash ?? null, input.password);
      if (!row || !ok) {
        await recordFailure(limiter, 'loginFailuresPerIp', ipOf(request));
        throw new AppError('unauthorized', LOGIN_FAILED);
      }
      await limiter.reset(limitKey('loginFailuresPerAccount', account));
      // A session token from before the login is never reused (fixation).
      const previous = readSessionToken(ctx.settings, request);
      if (previous) await deleteSession(db(), previous);
      await signIn(request, reply, row.id);
      return reply.status(200).send(await meOf(row));
    });

    app.post('/api/auth/logout', { config: PUBLIC, bodyLimit: AUTH_BODY_LIMIT }, async (request, reply) => {
      const token = readSessionToken(ctx.settings, request);
      if (token) await deleteSession(db(), token);
      clearSessionCookie(ctx.settings, request, reply);
      return reply.status(204).send();
    });

    app.get('/api/me', { config: SIGNED_IN }, async (request) => {
      const user = requireUser(request);
      const row = await findUserById(db(), user.id);
      if (!row) throw unauthorized();
      return meOf(row);
    });

    app.patch('/api/me/preferences', { config: SIGNED_IN, bodyLimit: AUTH_BODY_LIMIT }, async (request) => {
      const user = requireUser(request);
      const input = parseInput(preferencesRequestSchema, request.body, 'body');
      await updatePreferences(db(), user.id, input);
      const row = await findUserById(db(), user.id);
      if (!row) throw unauthorized();
      return meOf(row);
    });

    app.post('/api/auth/password', { config: SIGNED_IN, bodyLimit: AUTH_BODY_LIMIT }, async (request, reply) => {
      const user = requireUser(request);
      const input = parseInput(passwordChangeRequestSchema, request.body, 'body');
      await consume(limiter, 'passwordChangePerAccount', String(user.id));
      const row = await findUserById(db(), user.id);
      if (!row) throw unauthorized();
      if (!(await verifyPassword(row.password_hash, input.currentPassword))) {
        const message = 'The current password is not right.';
        throw new AppError('validation_failed', message, { issues: [{ path: 'body.currentPassword', message }] });
      }
      await setPasswordHash(db(), row.id, await hashPassword(input.newPassword));
      // Every other session ends; this browser gets a fresh one.
      await deleteSessionsOfUser(db(), row.id);
      await signIn(request, reply, row.id);
      return reply.status(200).send(await meOf(row));
    });

    app.post(
      '/api/auth/password-reset/request',
      { config: PUBLIC, bodyLimit: AUTH_BODY_LIMIT },
      async (request, reply) => {
        const input = parseInput(passwordResetRequestSchema, request.body, 'body');
        const email = input.email.toLowerCase();
        await consume(limiter, 'resetPerIp', ipOf(request));
        await consume(limiter, 'resetPerAccount', email);
        const row = await findUserByEmail(db(), email);
        if (row) {
          const token = randomBytes(32).toString('base64url');
          const now = Date.now();
          await db()
            .insertInto('password_resets')
            .values({
              token_hash: resetTokenHash(token),
              user_id: row.id,
              created_at: now,
              expires_at: now + RESET_TTL_MS,
              used_at: null,
            })
            .execute();
          const link = `${appBaseUrl(request)}/?reset=${token}`;
          const text = [
            `Hello ${row.username},`,
            '',
            'Someone asked to reset the password of your Solstice account.',
            `Open this link within one hour to choose a new password (it works once):`,
            '',
            link,
            '',
            'If it was not you, ignore this message; your password stays as it is.',
          ].join('\n');
          try {
            await ctx.mail.send({
              to: row.email,
              subject: 'Reset your Solstice password',
              text,
              template: 'password-reset',
            });
          } catch (error) {
            request.log.warn({ err: error }, 'password reset mail could not be sent');
          }
        }
        // The same answer whether or not the address has an account.
        return reply.status(202).send({ data: { status: 'accepted' } });
      },
    );

    app.post(
      '/api/auth/password-reset/confirm',
      { config: PUBLIC, bodyLimit: AUTH_BODY_LIMIT },
      async (request, reply) => {
        const input = parseInput(passwordResetConfirmSchema, request.body, 'body');
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
          .select('user_id')
          .where('token_hash', '=', tokenHash)
          .where('used_at', 'is', null)
          .where('expires_at', '>', now)
          .executeTakeFirst();
        if (!pending) throw invalid();
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
            await trx
              .updateTable('password_resets')
              .set({ used_at: now })
              .where('user_id', '=', id)
              .where('used_at', 'is', null)
              .execute();
            return id;
          });
        if (userId === null) throw invalid();
        clearSessionCookie(ctx.settings, request, reply);
        return reply.status(204).send();
      },
    );
  };
}
