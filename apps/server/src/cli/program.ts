import { Command, Option } from 'commander';
import { VERSION } from '../version.js';
import { registerDbCommands } from './commands/db.js';
import { registerImportCommand } from './commands/import.js';
import { registerSeedCommand } from './commands/seed.js';
import { registerDemoCommands } from './commands/demo.js';
import { registerSyncCommand } from './commands/sync.js';
import { addReplaceHistoryCommand } from './commands/instruments-replace-history.js';
import { registerUserCommands } from './commands/user.js';
import { registerIndicatorCommands } from './commands/indicators.js';
import { registerScanCommands } from './commands/scan.js';
import { registerSeasonalityCommands } from './commands/seasonality.js';
import { registerBillingCommands } from './commands/billing.js';
import { registerAlertCommands } from './commands/alerts.js';
import { registerInstrumentCommands } from './commands/instruments.js';

export function buildProgram(): Command {
  const program = new Command('solstice')
    .description('Solstice: seasonality, scanner and market data for stock traders.')
    .version(VERSION)
    .addOption(new Option('--db <url>', 'database: a DATABASE_URL (file:PATH, postgres://…) or a SQLite file path'))
    .option('--json', 'print only JSON (machine output)')
    .showHelpAfterError()
    .configureHelp({ sortSubcommands: false });
  registerDbCommands(program);
  registerImportCommand(program);
  registerSeedCommand(program);
  registerDemoCommands(program);
  registerSyncCommand(program);
  addReplaceHistoryCommand(registerInstrumentCommands(program));
  registerUserCommands(program);
  registerIndicatorCommands(program);
  registerScanCommands(program);
  registerSeasonalityCommands(program);
  registerBillingCommands(program);
  registerAlertCommands(program);
  return program;
}
