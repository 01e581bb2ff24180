import type { Command } from 'commander';
import { createAccount, AccountInputError } from '../../modules/auth/accounts.service.js';
import { rolesOf } from '../../modules/auth/users.repository.js';
import { withContext } from '../program.js';
import { CliError } from '../output.js';

interface CreateOptions {
  email: string;
  password: string;
  username?: string;
  admin?: boolean;
}

export function registerUserCommands(program: Command): void {
  const user = program.command('user').description('accounts');
  user
    .command('create')
    .description('create an account (with --admin: an administrator)')
    .requiredOption('--email <address>', 'e-mail address')
    .requiredOption('--password <password>', `password, 10 to 128 characters`)
    .option('--username <name>', 'username (default: from the e-mail address)')
    .option('--admin', 'make the account an administrator')
    .action(async (opts: CreateOptions, command: Command) => {
      await withContext(
        command,
        async (ctx, out) => {
          try {
            const row = await createAccount(ctx.database.db, {
              email: opts.email,
              password: opts.password,
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
}
