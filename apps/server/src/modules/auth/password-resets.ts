import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { sendPasswordReset } from '../mail/notifications.js';
import { findUserByEmail } from './users.repository.js';

type Db = Kysely<Database>;

export const RESET_TTL_MS = 60 * 60 * 1000;
export const PASSWORD_RESET_JOB = 'mail.password_reset';

export function resetTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new single-use link token for the account; only its sha256 is stored. */
export async function issueResetToken(db: Db, userId: number, now = Date.now()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('password_resets')
    .values({
      token_hash: resetTokenHash(token),
      user_id: userId,
      created_at: now,
      expires_at: now + RESET_TTL_MS,
      used_at: null,
    })
    .execute();
  return token;
}

/** Ends every outstanding reset link of the account (after a password change or a reset). */
export async function endResetLinks(db: Db, userId: number, now = Date.now()): Promise<void> {
  await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

/**
 * Queues the reset mail for an address, known or not: the request does the same work either
 * way (one row in `jobs`), so neither its answer nor its timing tells whether an account
 * exists. The job looks the address up, issues the token and sends the mail.
 */
export async function queuePasswordReset(ctx: AppContext, email: string): Promise<void> {
  const jobs = ctx.billing.jobs;
  await jobs.schedule(PASSWORD_RESET_JOB, `password-reset:${randomUUID()}`, ctx.billing.clock.now(), { email });
  // Off the request path. A pass already under way may have listed due jobs before this one
  // was stored, so a second pass follows it.
  void jobs
    .runDue()
    .then(() => jobs.runDue())
    .catch((error: unknown) => ctx.logger?.warn({ err: error }, 'jobs: running the password-reset mail failed'));
}

/** The job's handler; registered on the context's queue (attachBilling) so the server and the CLI both run it. */
export function registerPasswordResetJob(ctx: AppContext): void {
  ctx.billing.jobs.register(PASSWORD_RESET_JOB, async (payload) => {
    const user = await findUserByEmail(ctx.database.db, String(payload.email));
    if (!user) return;
    const token = await issueResetToken(ctx.database.db, user.id);
    try {
      await sendPasswordReset(ctx, user, token, RESET_TTL_MS / 60_000);
    } catch (error) {
      // The queue retries with a fresh token; this one never reached anybody.
      await ctx.database.db.deleteFrom('password_resets').where('token_hash', '=', resetTokenHash(token)).execute();
      throw error;
    }
  });
}
