/** A problem in a scanner expression, with the 1-based column where it was found. */
export class ScanExpressionError extends Error {
  constructor(
    message: string,
    readonly position: number,
    readonly expected?: string,
  ) {
    super(message);
    this.name = 'ScanExpressionError';
  }
}
