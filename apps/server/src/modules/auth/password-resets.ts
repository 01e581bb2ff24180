import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { sendPasswordReset, type NotificationDeps } from '../mail/notifications.js';
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
export async function queuePasswordReset(jobs: JobQueue, email: string): Promise<void> {
  await jobs.enqueueNow(PASSWORD_RESET_JOB, `password-reset:${randomUUID()}`, { email });
}

/** The job's handler, registered by the composition root so that the server and the CLI both run it. */
export function registerPasswordResetJob(jobs: JobQueue, deps: NotificationDeps & { db: Db }): void {
  jobs.register(
    PASSWORD_RESET_JOB,
    async (payload) => {
      const user = await findUserByEmail(deps.db, String(payload.email));
      if (!user) return;
      const token = await issueResetToken(deps.db, user.id);
      try {
        await sendPasswordReset(deps, user, token, RESET_TTL_MS / 60_000);
      } catch (error) {
        // The queue retries with a fresh token; this one never reached anybody.
        await deps.db.deleteFrom('password_resets').where('token_hash', '=', resetTokenHash(token)).execute();
        throw error;
      }
    },
    'mail',
  );
}
