import { afterAll, beforeAll, vi } from 'vitest';
import { Command } from 'commander';
import type { MarketCommandRunner } from '../cli/commands/seasonality.js';
import { CliError, type CliOutput } from '../cli/output.js';
import { buildProgram } from '../cli/program.js';
import type { MarketCache } from '../modules/market/market-cache.js';

/**
 * Runs `solstice --db <file> ...args` in this process, as the command line would, and
 * returns what it wrote to stdout (stderr is swallowed). Errors (CliError, commander's exits)
 * are thrown, not turned into an exit code.
 */
export async function runCli(file: string, ...args: string[]): Promise<string> {
  const stdout: string[] = [];
  await runCliTo({ stdout }, file, args);
  return stdout.join('');
}

/** runCli, writing each chunk the command writes to the sink's stdout and stderr (stderr swallowed when absent). */
export async function runCliTo(sink: { stdout: string[]; stderr?: string[] }, file: string, args: string[]) {
  const capture = (into: string[] | undefined) => (chunk: string | Uint8Array) => {
    into?.push(String(chunk));
    return true;
  };
  const out = vi.spyOn(process.stdout, 'write').mockImplementation(capture(sink.stdout));
  const err = vi.spyOn(process.stderr, 'write').mockImplementation(capture(sink.stderr));
  try {
    const program = buildProgram();
    program.exitOverride();
    for (const c of program.commands) c.exitOverride();
    await program.parseAsync(['node', 'solstice', '--db', file, ...args]);
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}

/** For the describe block: LOG_LEVEL=silent in process.env, which runCli's settings read; the old environment back after. */
export function quietCliDuringSuite(): void {
  const saved = { ...process.env };
  beforeAll(() => {
    process.env.LOG_LEVEL = 'silent';
  });
  afterAll(() => {
    process.env = { ...saved };
  });
}

/**
 * A `solstice` program (with --json) holding the commands `register` adds, each run on
 * `market`; what a command prints is pushed to `printed`: its value with --json, else its text.
 * `run` parses a command line after `solstice`, its words separated by single spaces.
 */
export function programOnMarket(
  register: (program: Command, run: MarketCommandRunner) => void,
  market: MarketCache,
): { program: Command; printed: unknown[]; run: (commandLine: string) => Promise<Command> } {
  const printed: unknown[] = [];
  const program = new Command('solstice').option('--json').exitOverride();
  register(program, async (command, body) => {
    const json = Boolean(command.optsWithGlobals<{ json?: boolean }>().json);
    const out: CliOutput = { json, result: (value, text) => printed.push(json ? value : text()), info: () => {} };
    return body({ market }, out);
  });
  const run = (commandLine: string) => program.parseAsync(commandLine.split(' '), { from: 'user' });
  return { program, printed, run };
}

function asCliError(error: unknown): CliError {
  if (error instanceof CliError) return error;
  throw error;
}

/** The CliError `run` throws; fails when it returns or throws something else. */
export function cliError(run: () => unknown): CliError {
  try {
    run();
  } catch (error) {
    return asCliError(error);
  }
  throw new Error('no CliError');
}

/** The CliError `run`'s promise rejects with; fails when it resolves or rejects with something else. */
export async function cliErrorOf(run: () => Promise<unknown>): Promise<CliError> {
  try {
    await run();
  } catch (error) {
    return asCliError(error);
  }
  throw new Error('no CliError');
}
