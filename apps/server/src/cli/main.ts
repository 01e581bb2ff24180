import { CommanderError } from 'commander';
import { SettingsError } from '../config/settings.js';
import { buildProgram } from './program.js';
import { CliError } from './output.js';

async function main(argv: string[]): Promise<void> {
  const program = buildProgram();
  program.exitOverride();
  try {
    await program.parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      process.exitCode = error.exitCode;
      return;
    }
    const json = argv.includes('--json');
    const message = error instanceof Error ? error.message : String(error);
    const exitCode = error instanceof CliError ? error.exitCode : error instanceof SettingsError ? 78 : 1;
    if (json) process.stdout.write(`${JSON.stringify({ error: { message } }, null, 2)}\n`);
    process.stderr.write(`solstice: ${message}\n`);
    process.exitCode = exitCode;
  }
}

void main(process.argv);
