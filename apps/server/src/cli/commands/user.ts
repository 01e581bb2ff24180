import type { Command } from 'commander';
import type { Kysely } from 'kysely';
import { passwordSchema } from '@solstice/contracts';
import type { Database } from '../../db/schema.js';
import { createAccount, AccountInputError, usernameFromEmail } from '../../modules/auth/accounts.service.js';
import { passwordPolicyProblem } from '../../modules/auth/password-policy.js';
import { endResetLinks } from '../../modules/auth/password-resets.js';
import { hashPassword } from '../../modules/auth/passwords.js';
import { deleteSessionsOfUser } from '../../modules/auth/sessions.js';
import {
  findUserByEmail,
  findUserByLogin,
  rolesOf,
  setPasswordHash,
  type UserRow,
} from '../../modules/auth/users.repository.js';
import { withContext } from '../command-context.js';
import { CliError } from '../output.js';
import { readNewPassword, type PasswordSource } from '../password-input.js';
import { textTable } from './text-table.js';

interface CreateOptions extends PasswordSource {
  email: string;
  username?: string;
  admin?: boolean;
}

interface WhoOptions {
  email?: string;
  username?: string;
}

const LIVE_STATUSES = ['active', 'past_due'] as const;

/** The same rules as signup and the password routes: length, then the common-password and personal checks. */
async function checkNewPassword(password: string, account: { email?: string; username?: string }): Promise<void> {
  if (!passwordSchema.safeParse(password).success) throw new CliError(`password: ${passwordLengthMessage()}`, 2);
  const problem = await passwordPolicyProblem(password, account);
  if (problem) throw new CliError(`password: ${problem}`, 2);
}

function passwordLengthMessage(): string {
  const parsed = passwordSchema.safeParse('');
  return parsed.success ? 'invalid' : (parsed.error.issues[0]?.message ?? 'invalid');
}

function whoOf(opts: WhoOptions): string {
  if ((opts.email === undefined) === (opts.username === undefined)) {
    throw new CliError('name the account with --email or --username (one of them)', 2);
  }
  return opts.email !== undefined ? `--email ${opts.email}` : `--username ${opts.username}`;
}

async function findAccount(db: Kysely<Database>, opts: WhoOptions): Promise<UserRow> {
  const who = whoOf(opts);
  const row =
    opts.email !== undefined
      ? await findUserByEmail(db, opts.email)
      : opts.username!.includes('@')
        ? null
        : await findUserByLogin(db, opts.username!);
  if (!row) throw new CliError(`no account matches ${who}`, 1);
  return row;
}

async function liveSubscriptionOf(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('subscriptions')
    .select(['id', 'status', 'current_period_end'])
    .where('user_id', '=', userId)
    .where('status', 'in', [...LIVE_STATUSES])
    .executeTakeFirst();
}

function isoDate(ms: number): string {
  return new Date(Number(ms)).toISOString().slice(0, 10);
}

export function registerUserCommands(program: Command): void {
  const user = program.command('user').description('accounts');
  const passwordOptions = (command: Command) =>
    command
      .option('--password-stdin', 'read the password from standard input (e.g. from a secrets file)')
      .option('--password <password>', 'the password (visible in `ps` and shell history: prefer the prompt)');

  passwordOptions(
    user
      .command('create')
      .description('create an account (with --admin: an administrator); asks for the password in a terminal')
      .requiredOption('--email <address>', 'e-mail address')
      .option('--username <name>', 'username (default: from the e-mail address)')
      .option('--admin', 'make the account an administrator'),
  ).action(async (opts: CreateOptions, command: Command) => {
    await withContext(
      command,
      async (ctx, out) => {
        const password = await readNewPassword(opts);
        await checkNewPassword(password, {
          email: opts.email,
          username: opts.username ?? usernameFromEmail(opts.email),
        });
        try {
          const row = await createAccount(ctx.database.db, {
            email: opts.email,
            password,
            ...(opts.username !== undefined ? { username: opts.username } : {}),
            role: opts.admin ? 'admin' : 'member',
          });
          out.result(
            { id: row.id, email: row.email, username: row.username, roles: rolesOf(row.role) },
            () => `created ${opts.admin ? 'admin' : 'member'} ${row.username} <${row.email}> (id ${row.id})`,
          );
        } catch (error) {
          if (error instanceof AccountInputError) throw new CliError(error.message, 2);
          throw error;
        }
      },
      { loadMarket: false },
    );
  });

  user
    .command('list')
    .description('list the accounts: id, e-mail, username, role, created, live subscription')
    .action(async (_opts, command: Command) => {
      await withContext(
        command,
        async (ctx, out) => {
          const db = ctx.database.db;
          const rows = await db
            .selectFrom('users')
            .select(['id', 'email', 'username', 'role', 'created_at'])
            .orderBy('id')
            .execute();
          const live = await db
            .selectFrom('subscriptions')
            .select(['user_id', 'status', 'current_period_end'])
            .where('status', 'in', [...LIVE_STATUSES])
            .execute();
          const liveByUser = new Map(live.map((s) => [Number(s.user_id), s]));
          const users = rows.map((r) => {
            const sub = liveByUser.get(Number(r.id));
            return {
              id: Number(r.id),
              email: r.email,
              username: r.username,
              roles: rolesOf(r.role),
              createdAt: new Date(Number(r.created_at)).toISOString(),
              subscription: sub
                ? { status: sub.status, currentPeriodEnd: new Date(Number(sub.current_period_end)).toISOString() }
                : null,
            };
          });
          out.result(users, () =>
            users.length === 0
              ? 'No accounts.'
              : textTable(
                  ['ID', 'EMAIL', 'USERNAME', 'ROLE', 'CREATED', 'SUBSCRIPTION'],
                  users.map((u) => [
                    String(u.id),
                    u.email,
                    u.username,
                    u.roles.includes('admin') ? 'admin' : 'member',
                    u.createdAt.slice(0, 10),
                    u.subscription
                      ? `${u.subscription.status} until ${u.subscription.currentPeriodEnd.slice(0, 10)}`
                      : '-',
                  ]),
                ),
          );
        },
        { loadMarket: false },
      );
    });

  passwordOptions(
    user
      .command('passwd')
      .description("set an account's password (ends its sessions and reset links); asks for it in a terminal")
      .option('--email <address>', 'the account by e-mail address')
      .option('--username <name>', 'the account by username'),
  ).action(async (opts: WhoOptions & PasswordSource, command: Command) => {
    whoOf(opts);
    await withContext(
      command,
      async (ctx, out) => {
        const db = ctx.database.db;
        const row = await findAccount(db, opts);
        const password = await readNewPassword(opts);
        await checkNewPassword(password, row);
        const hash = await hashPassword(password);
        const sessions = await db
          .selectFrom('sessions')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', row.id)
          .executeTakeFirstOrThrow();
        // As the password routes do: every session and outstanding reset link of the account ends.
        await db.transaction().execute(async (trx) => {
          await setPasswordHash(trx, row.id, hash);
          await deleteSessionsOfUser(trx, row.id);
          await endResetLinks(trx, row.id);
        });
        const ended = Number(sessions.n);
        out.result(
          { id: row.id, email: row.email, username: row.username, sessionsEnded: ended },
          () => `set the password of ${row.username} <${row.email}>; ended ${ended} session${ended === 1 ? '' : 's'}`,
        );
      },
      { loadMarket: false },
    );
  });

  user
    .command('delete')
    .description('delete an account with its watchlists, sessions and contact (billing records stay)')
    .option('--email <address>', 'the account by e-mail address')
    .option('--username <name>', 'the account by username')
    .option('--yes', 'confirm: the account is deleted for good')
    .action(async (opts: WhoOptions & { yes?: boolean }, command: Command) => {
      const who = whoOf(opts);
      await withContext(
        command,
        async (ctx, out) => {
          const db = ctx.database.db;
          const row = await findAccount(db, opts);
          const live = await liveSubscriptionOf(db, row.id);
          if (live) {
            throw new CliError(
              `${row.email} has a live subscription (id ${live.id}, ${live.status} until ` +
                `${isoDate(live.current_period_end)}); end it first with \`solstice billing revoke ${row.email}\``,
            );
          }
          const watchlists = await db
            .selectFrom('watchlists')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('user_id', '=', row.id)
            .executeTakeFirstOrThrow();
          if (!opts.yes) {
            throw new CliError(
              `this deletes ${row.username} <${row.email}> (id ${row.id}) with ${Number(watchlists.n)} watchlist(s) ` +
                `for good; run again with --yes to confirm (user delete ${who} --yes)`,
              2,
            );
          }
          // Sessions, reset links, the contact and its tags, and watchlists go with it (ON DELETE
          // CASCADE); subscriptions, payments and checkout sessions stay as the record of money taken.
          await db.deleteFrom('users').where('id', '=', row.id).execute();
          out.result(
            { deleted: { id: row.id, email: row.email, username: row.username }, watchlists: Number(watchlists.n) },
            () => `deleted ${row.username} <${row.email}> (id ${row.id}) and ${Number(watchlists.n)} watchlist(s)`,
          );
        },
        { loadMarket: false },
      );
    });
}
