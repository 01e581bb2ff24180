import { vi } from 'vitest';
import { buildProgram } from '../cli/program.js';

/**
 * Runs `solstice --db <file> ...args` in this process, as the command line would, and
 * returns what it wrote to stdout (stderr is swallowed). Errors (CliError, commander's exits)
 * are thrown, not turned into an exit code.
 */
export async function runCli(file: string, ...args: string[]): Promise<string> {
  const chunks: string[] = [];
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    chunks.push(String(chunk));
    return true;
  });
  const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  try {
    const program = buildProgram();
    program.exitOverride();
    for (const c of program.commands) c.exitOverride();
    await program.parseAsync(['node', 'solstice', '--db', file, ...args]);
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
  return chunks.join('');
}
