import { PassThrough, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { promptHidden, type TerminalInput } from './password-input.js';

/** A terminal whose echo switches and prompts are recorded in the order they happen. */
function terminal() {
  const events: string[] = [];
  const input = new PassThrough() as PassThrough & TerminalInput;
  input.isTTY = true;
  input.setRawMode = (mode: boolean) => events.push(mode ? 'echo off' : 'echo on');
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      events.push(`shows ${JSON.stringify(chunk.toString())}`);
      done();
    },
  });
  return { events, input, output };
}

describe('the hidden password prompt', () => {
  it('turns echo off before the prompt shows, and back on once the line is read', async () => {
    const { events, input, output } = terminal();
    const answer = promptHidden('New password: ', input, output);
    input.write('typed\u007fo secret\r');
    expect(await answer).toBe('typeo secret');
    expect(events).toEqual(['echo off', 'shows "New password: "', 'echo on', 'shows "\\n"']);
  });

  it('cancels on Ctrl-C, echo back on', async () => {
    const { events, input, output } = terminal();
    const answer = promptHidden('New password: ', input, output);
    input.write('abc\u0003');
    await expect(answer).rejects.toThrow('cancelled');
    expect(events.at(-2)).toBe('echo on');
  });
});
