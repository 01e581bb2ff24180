/** A step of long work: `done` of `total` items, rows written so far. */
export interface ProgressStep {
  done: number;
  total: number;
  rows: number;
  elapsedMs: number;
}

export interface ProgressReporter {
  update(step: ProgressStep): void;
  end(): void;
}

const clock = (seconds: number) => `${Math.floor(seconds / 60)}m${String(Math.round(seconds % 60)).padStart(2, '0')}s`;

/**
 * Progress of a long command on stderr (stdout keeps the result): with --json one JSON event
 * a line (`{"event":"progress",…}`), on a terminal one line rewritten in place (done / total,
 * rows, rate, ETA), otherwise nothing.
 */
export function progressReporter(json: boolean, unit: string): ProgressReporter | undefined {
  if (json) {
    return {
      update: (p) =>
        process.stderr.write(
          `${JSON.stringify({ event: 'progress', unit, ...p, elapsedMs: Math.round(p.elapsedMs) })}\n`,
        ),
      end: () => undefined,
    };
  }
  if (!process.stderr.isTTY) return undefined;
  return {
    update(p) {
      const rate = p.done / Math.max(p.elapsedMs / 1000, 0.001);
      const eta = rate > 0 ? (p.total - p.done) / rate : 0;
      process.stderr.write(
        `\r${p.done}/${p.total} ${unit}, ${p.rows} rows, ${rate.toFixed(1)} ${unit}/s, ETA ${clock(eta)} `,
      );
    },
    end: () => process.stderr.write('\n'),
  };
}
