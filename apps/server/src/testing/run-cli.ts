import { afterAll, beforeAll, vi } from 'vitest';
import { buildProgram } from '../cli/program.js';

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
