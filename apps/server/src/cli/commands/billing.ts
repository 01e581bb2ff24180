import type { Command } from 'commander';
import type { DatabaseHandle } from '../../db/database.js';
import { findUserByEmail } from '../../modules/auth/users.repository.js';
import type { Billing } from '../../modules/billing/billing.js';
import { listAdminProducts } from '../../modules/billing/catalogue.js';
import type { JobQueue } from '../../modules/jobs/job-queue.js';
import { formatMoney } from '../../modules/mail/mail-templates.js';
import { printResult } from '../command-context.js';
import { CliError, type CommandResult } from '../output.js';

export async function productsCommand({ database }: { database: DatabaseHandle }) {
  const products = await listAdminProducts(database.db);
  const lines = products.flatMap((p) => [
    `${p.id}  ${p.name}${p.active ? '' : ' (archived)'}`,
    ...p.prices.map(
      (x) => `    price ${x.id}: ${formatMoney(x.amount, x.currency)} per ${x.interval}${x.active ? '' : ' (retired)'}`,
    ),
  ]);
  return { value: products, text: lines.join('\n') || 'No products.' };
}

/** Stores the next occurrence of each recurring job (a cron-only installation has no poller), then runs what is due. */
export async function runJobsCommand({ jobs }: { jobs: JobQueue }): Promise<CommandResult<{ ran: number }>> {
  await jobs.scheduleRecurring();
  const ran = await jobs.runDue();
  return { value: { ran }, text: `Ran ${ran} due job${ran === 1 ? '' : 's'}.` };
}

export async function subscriberTagCommand(
  { database, billing }: { database: DatabaseHandle; billing: Pick<Billing, 'subscriberTag'> },
  email: string,
  grant: boolean,
): Promise<CommandResult<{ id: number; tag_ids: number[] }>> {
  const user = await findUserByEmail(database.db, email);
  if (!user) throw new CliError(`No account has the e-mail address ${email}.`);
  const contact = grant ? await billing.subscriberTag.grant(user.id) : await billing.subscriberTag.revoke(user.id);
  return {
    value: contact,
    text: `${user.email}: contact ${contact.id}, tags [${contact.tag_ids.join(', ')}] (${grant ? 'granted' : 'revoked'}).`,
  };
}

/** `solstice billing …`: plans, due jobs (for a cron instead of the poller), the subscriber tag. */
export function registerBillingCommands(program: Command): void {
  const billing = program.command('billing').description('plans, scheduled jobs and the subscriber tag');
  billing
    .command('products')
    .description('list products and prices')
    .action(async (_opts, command: Command) => printResult(command, productsCommand, { loadMarket: false }));
  billing
    .command('run-jobs')
    .description('run the scheduled jobs that are due (mail, subscription period ends, recurring jobs) and exit')
    .action(async (_opts, command: Command) => printResult(command, runJobsCommand, { loadMarket: false }));
  for (const grant of [true, false]) {
    billing
      .command(`${grant ? 'grant' : 'revoke'} <email>`)
      .description(grant ? 'give an account the subscriber tag 2582' : 'remove the tag and end live subscriptions')
      .action(async (email: string, _opts, command: Command) =>
        printResult(command, (services) => subscriberTagCommand(services, email, grant), { loadMarket: false }),
      );
  }
}
