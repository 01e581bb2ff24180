import type { Readable, Writable } from 'node:stream';
import { CliError } from './output.js';

/** A terminal to read from: what process.stdin is when it is a TTY. */
export interface TerminalInput extends Readable {
  isTTY?: boolean;
  setRawMode?(mode: boolean): unknown;
}

const MAX_BYTES = 4096;

/** A password piped in (`--password-stdin`): everything on stdin, without its line ending. */
export async function readPasswordFromStream(input: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of input) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buffer.length;
    if (size > MAX_BYTES) throw new CliError('--password-stdin: more than 4 KB on standard input', 2);
    chunks.push(buffer);
  }
  const text = Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
  if (text === '') throw new CliError('--password-stdin: standard input was empty', 2);
  return text;
}

// Arrow keys and the like: escape sequences that must not end up in the password.
// eslint-disable-next-line no-control-regex -- matching terminal escape sequences is the point
const ESCAPE_SEQUENCE = /\u001b(\[[0-9;?]*[ -/]*[@-~]|O.|.)/g;

/**
 * Asks on the terminal with echo off (raw mode): the password never appears on screen and
 * never in the shell's history or `ps`. Backspace edits; Ctrl-C or Ctrl-D on an empty line cancels.
 */
export function promptHidden(prompt: string, input: TerminalInput, output: Writable): Promise<string> {
  if (!input.isTTY || typeof input.setRawMode !== 'function') {
    return Promise.reject(new CliError('no terminal to ask for the password on', 2));
  }
  const setRawMode = input.setRawMode.bind(input);
  // Echo goes off before the prompt shows: a key typed as soon as it appears is never echoed
  // (with the prompt first, a fast typist, or a loaded machine, could see it on screen).
  setRawMode(true);
  output.write(prompt);
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = (error: CliError | null) => {
      input.off('data', onData);
      setRawMode(false);
      input.pause();
      output.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (data: Buffer | string) => {
      const text = (typeof data === 'string' ? data : data.toString('utf8')).replace(ESCAPE_SEQUENCE, '');
      for (const ch of text) {
        if (ch === '\r' || ch === '\n') return finish(null);
        if (ch === '\u0003' || (ch === '\u0004' && value === '')) return finish(new CliError('cancelled', 130));
        if (ch === '\u007f' || ch === '\b') value = [...value].slice(0, -1).join('');
        else if (ch >= ' ') value += ch;
      }
    };
    input.on('data', onData);
    input.resume();
  });
}

export interface PasswordSource {
  /** --password: works, with a warning (visible in `ps` and the shell's history). */
  password?: string;
  /** --password-stdin */
  passwordStdin?: boolean;
}

export interface PasswordStreams {
  stdin: TerminalInput;
  stderr: Writable;
}

/**
 * The new password from exactly one place: --password-stdin, the terminal (asked twice), or
 * --password (warned about). With none of them and no terminal, an error saying what to do.
 */
export async function readNewPassword(
  source: PasswordSource,
  streams: PasswordStreams = { stdin: process.stdin, stderr: process.stderr },
): Promise<string> {
  if (source.password !== undefined && source.passwordStdin) {
    throw new CliError('give the password one way: --password-stdin or --password, not both', 2);
  }
  if (source.password !== undefined) {
    streams.stderr.write(
      'solstice: warning: a password given with --password is visible to other users in `ps` and stays in ' +
        'your shell history; use the prompt or --password-stdin instead\n',
    );
    return source.password;
  }
  if (source.passwordStdin) return readPasswordFromStream(streams.stdin);
  if (!streams.stdin.isTTY) {
    throw new CliError(
      'no password: run the command in a terminal to be asked for it, or pipe it in with --password-stdin',
      2,
    );
  }
  const first = await promptHidden('New password: ', streams.stdin, streams.stderr);
  const again = await promptHidden('Repeat the new password: ', streams.stdin, streams.stderr);
  if (first !== again) throw new CliError('the two passwords differ; nothing was changed', 2);
  return first;
}
