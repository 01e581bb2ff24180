import type { ImportIssue } from './import-issues.js';
import { IssueLog } from './import-issues.js';
import { dailyBars, type BarTuple } from './parse.js';
import { openCsv, type OpenOptions } from './open-csv.js';

/**
 * A daily file parsed in another thread (parse-ahead.ts), in a form that crosses threads
 * cheaply: per batch its dates, its values in one transferable array, its symbols as runs,
 * and the issues logged while reading up to it. Anything but a daily file parsed to its end
 * (an instruments file, a file that cannot be opened or fails midway) is 'self': the main
 * thread imports that file itself, exactly as without the other thread.
 */
export type ParsedFile = { kind: 'daily'; batches: ParsedBatch[] } | { kind: 'self' };

export interface ParsedBatch {
  /** Issues logged before this batch's last row, in order (at most MAX_ISSUES_PER_FILE in all). */
  issues: ImportIssue[];
  /** Issues past the cap in the same stretch: only counted. */
  dropped: number;
  /** [symbol, rows] in row order. */
  runs: [string, number][];
  dates: string[];
  /** open, high, low, close, volume of each row. */
  values: Float64Array;
}

export interface ParseJob {
  path: string;
  name: string;
  symbol: string | undefined;
  open: OpenOptions;
}

/** An IssueLog that also hands out what was logged since the last call. */
class BatchedIssues extends IssueLog {
  private handed = 0;
  private droppedBefore = 0;
  take(): { issues: ImportIssue[]; dropped: number } {
    const issues = this.kept.slice(this.handed);
    this.handed = this.kept.length;
    const dropped = this.droppedCount - this.droppedBefore;
    this.droppedBefore = this.droppedCount;
    return { issues, dropped };
  }
}

function packBatch(rows: readonly BarTuple[], issues: BatchedIssues): ParsedBatch {
  const n = rows.length;
  const dates = new Array<string>(n);
  const values = new Float64Array(n * 5);
  const runs: [string, number][] = [];
  for (let i = 0; i < n; i++) {
    const r = rows[i]!;
    const last = runs[runs.length - 1];
    if (last && last[0] === r[0]) last[1] += 1;
    else runs.push([r[0], 1]);
    dates[i] = r[1];
    const o = i * 5;
    values[o] = r[2];
    values[o + 1] = r[3];
    values[o + 2] = r[4];
    values[o + 3] = r[5];
    values[o + 4] = r[6];
  }
  return { ...issues.take(), runs, dates, values };
}

/** Parses one file as the main thread would (openCsv, dailyBars); never throws. */
export function parseFile(job: ParseJob): ParsedFile {
  try {
    const issues = new BatchedIssues(job.name, job.open.withholdContent ?? false);
    const opened = openCsv(job.path, job.symbol, { ...job.open, name: job.name });
    if (opened.layout.format === 'instruments') {
      opened.lines.return();
      return { kind: 'self' };
    }
    const batches: ParsedBatch[] = [];
    for (const rows of dailyBars(opened, issues)) batches.push(packBatch(rows, issues));
    // Issues after the last row (skipped lines at the end) ride on an empty batch.
    batches.push(packBatch([], issues));
    return { kind: 'daily', batches };
  } catch {
    return { kind: 'self' };
  }
}

/** A parsed file's batches as the rows dailyBars yields, its issues added to `log` in their order. */
export function* replayBatches(parsed: { batches: ParsedBatch[] }, log: IssueLog): Generator<BarTuple[]> {
  for (const batch of parsed.batches) {
    for (const issue of batch.issues) log.add(issue.line, issue.reason, issue.action);
    log.countDropped(batch.dropped);
    const rows = new Array<BarTuple>(batch.dates.length);
    const { dates, values } = batch;
    let i = 0;
    for (const [symbol, count] of batch.runs) {
      for (let k = 0; k < count; k++, i++) {
        const o = i * 5;
        rows[i] = [symbol, dates[i]!, values[o]!, values[o + 1]!, values[o + 2]!, values[o + 3]!, values[o + 4]!];
      }
    }
    if (rows.length > 0) yield rows;
  }
}
