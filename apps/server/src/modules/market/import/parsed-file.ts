import type { ImportIssue } from './import-issues.js';
import { IssueLog } from './import-issues.js';
import { dailyBars, type BarBatch } from './parse.js';
import { openCsv, type OpenOptions } from './open-csv.js';

/**
 * A daily file parsed in another thread (parse-ahead.ts), in a form that crosses threads
 * cheaply: per batch its bars in columns (transferable typed arrays) and the issues logged
 * while reading up to it. Anything but a daily file parsed to its end
 * (an instruments file, a file that cannot be opened or fails midway) is 'self': the main
 * thread imports that file itself, exactly as without the other thread.
 */
export type ParsedFile = { kind: 'daily'; batches: ParsedBatch[] } | { kind: 'self' };

export interface ParsedBatch {
  /** Issues logged before this batch's last row, in order (at most MAX_ISSUES_PER_FILE in all). */
  issues: ImportIssue[];
  /** Issues past the cap in the same stretch: only counted. */
  dropped: number;
  /** The batch's bars; null on the last, which carries only the issues after the last row. */
  bars: BarBatch | null;
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
    for (const bars of dailyBars(opened, issues)) batches.push({ ...issues.take(), bars });
    // Issues after the last row (skipped lines at the end) ride on a batch without bars.
    batches.push({ ...issues.take(), bars: null });
    return { kind: 'daily', batches };
  } catch {
    return { kind: 'self' };
  }
}

/** The typed arrays of a parsed file, moved to the other thread instead of copied. */
export function transferablesOf(parsed: ParsedFile): ArrayBuffer[] {
  if (parsed.kind !== 'daily') return [];
  return parsed.batches.flatMap((b) =>
    b.bars ? [b.bars.days.buffer as ArrayBuffer, b.bars.values.buffer as ArrayBuffer] : [],
  );
}

/** A parsed file's batches as dailyBars yields them, its issues added to `log` in their order. */
export function* replayBatches(parsed: { batches: ParsedBatch[] }, log: IssueLog): Generator<BarBatch> {
  for (const batch of parsed.batches) {
    for (const issue of batch.issues) log.add(issue.line, issue.reason, issue.action);
    log.countDropped(batch.dropped);
    if (batch.bars) yield batch.bars;
  }
}
