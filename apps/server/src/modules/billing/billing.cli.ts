import type { Command } from 'commander';
import type { AppContext } from '../../context.js';
import { CliError, type CliOutput } from '../../cli/output.js';
import { findUserByEmail } from '../auth/users.repository.js';
import { formatMoney } from '../mail/mail-templates.js';
import { listAdminProducts } from './products.js';

type WithContext = <T>(
  command: Command,
  body: (ctx: AppContext, out: CliOutput) => Promise<T>,
  options?: { loadMarket?: boolean },
) => Promise<T>;

export interface CommandResult<T> {
  value: T;
  text: string;
}

export async function productsCommand(ctx: AppContext) {
  const products = await listAdminProducts(ctx.database.db);
  const lines = products.flatMap((p) => [
    `${p.id}  ${p.name}${p.active ? '' : ' (archived)'}`,
    ...p.prices.map(
      (x) => `    price ${x.id}: ${formatMoney(x.amount, x.currency)} per ${x.interval}${x.active ? '' : ' (retired)'}`,
    ),
  ]);
  return { value: products, text: lines.join('\n') || 'No products.' };
}

export async function runJobsCommand(ctx: AppContext): Promise<CommandResult<{ ran: number }>> {
  const ran = await ctx.billing.jobs.runDue();
  return { value: { ran }, text: `Ran ${ran} due job${ran === 1 ? '' : 's'}.` };
}

export async function subscriberTagCommand(
  ctx: AppContext,
  email: string,
  grant: boolean,
): Promise<CommandResult<{ id: number; tag_ids: number[] }>> {
  const user = await findUserByEmail(ctx.database.db, email);
  if (!user) throw new CliError(`No account has the e-mail address ${email}.`);
  const contact = grant ? await ctx.billing.grantTag(user.id) : await ctx.billing.revokeTag(user.id);
  return {
    value: contact,
    text: `${user.email}: contact ${contact.id}, tags [${contact.tag_ids.join(', ')}] (${grant ? 'granted' : 'revoked'}).`,
  };
}

/** `solstice billing …`: plans, due jobs (for a cron instead of the poller), the subscriber tag. */
export function registerBillingCommands(program: Command, withContext: WithContext): void {
  const billing = program.command('billing').description('plans, scheduled jobs and the subscriber tag');
  billing
    .command('products')
    .description('list products and prices')
    .action(async (_opts, command: Command) =>
      withContext(
        command,
        async (ctx, out) => {
          const r = await productsCommand(ctx);
          out.result(r.value, () => r.text);
        },
        { loadMarket: false },
      ),
    );
  billing
    .command('run-jobs')
    .description('run the scheduled jobs that are due (subscription period ends) and exit')
    .action(async (_opts, command: Command) =>
      withContext(
        command,
        async (ctx, out) => {
          const r = await runJobsCommand(ctx);
          out.result(r.value, () => r.text);
        },
        { loadMarket: false },
      ),
    );
  for (const grant of [true, false]) {
    billing
      .command(`${grant ? 'grant' : 'revoke'} <email>`)
      .description(grant ? 'give an account the subscriber tag 2582' : 'remove the tag and end live subscriptions')
      .action(async (email: string, _opts, command: Command) =>
        withContext(
          command,
          async (ctx, out) => {
            const r = await subscriberTagCommand(ctx, email, grant);
            out.result(r.value, () => r.text);
          },
          { loadMarket: false },
        ),
      );
  }
}
