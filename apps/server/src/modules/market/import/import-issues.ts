export type IssueAction = 'skip' | 'repair' | 'reject' | 'replace';

/** One reported problem: a row skipped or repaired, or a whole file rejected (line null). */
export interface ImportIssue {
  file: string;
  line: number | null;
  reason: string;
  action: IssueAction;
}

/** Issues kept per file; beyond it one summary line says how many more rows were skipped. */
export const MAX_ISSUES_PER_FILE = 1000;
/** Collects a file's issues with a cap, so a garbage file cannot fill memory with reports. */
export class IssueLog {
  readonly kept: ImportIssue[] = [];
  private dropped = 0;
  /** withholdContent: reasons never quote the file's text (the API must not read files out through them). */
  constructor(
    private readonly file: string,
    readonly withholdContent = false,
  ) {}
  /** A value from the file as a reason shows it (` "abc"`), or nothing when content is withheld. */
  quote(value: string): string {
    return this.withholdContent ? '' : ` ${JSON.stringify(value)}`;
  }
  add(line: number | null, reason: string, action: IssueAction): void {
    if (this.kept.length < MAX_ISSUES_PER_FILE) this.kept.push({ file: this.file, line, reason, action });
    else this.dropped += 1;
  }
  /** Issues past the cap so far. */
  get droppedCount(): number {
    return this.dropped;
  }
  /**
   * Counts issues another log dropped past the same cap (a file parsed in another thread,
   * parsed-file.ts): that log kept its first MAX_ISSUES_PER_FILE, so this one is full too.
   */
  countDropped(n: number): void {
    this.dropped += n;
  }
  finish(): ImportIssue[] {
    if (this.dropped > 0)
      this.kept.push({
        file: this.file,
        line: null,
        reason: `${this.dropped} more rows had problems (only the first ${MAX_ISSUES_PER_FILE} are listed)`,
        action: 'skip',
      });
    return this.kept;
  }
}
