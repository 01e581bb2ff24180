/** What a command prints: the JSON value (--json) and its readable text. */
export interface CommandResult<T> {
  value: T;
  text: string;
}

/** How a command speaks: JSON only with --json, readable text otherwise. */
export interface CliOutput {
  json: boolean;
  result(value: unknown, text: () => string): void;
  info(message: string): void;
}

export function createOutput(json: boolean): CliOutput {
  return {
    json,
    result(value, text) {
      process.stdout.write(json ? `${JSON.stringify(value, null, 2)}\n` : `${text()}\n`);
    },
    info(message) {
      if (!json) process.stderr.write(`${message}\n`);
    },
  };
}

export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}
