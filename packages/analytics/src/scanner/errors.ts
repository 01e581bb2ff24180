/**
 * What went wrong in a scanner expression, as a code a screen can word in its own language
 * (with `params`); `message` is the English wording of the same.
 */
export type ScanErrorCode =
  | 'expected_condition'
  | 'expected_and_or_end'
  | 'unmatched_paren'
  | 'expected_close_paren'
  | 'expected_and'
  | 'expected_above_below'
  | 'expected_comparison'
  | 'expected_value'
  | 'unknown_field'
  | 'season_length'
  | 'season_stat_missing'
  | 'season_stat_unknown'
  | 'number_suffix'
  | 'unterminated_string'
  | 'unexpected_character'
  | 'cannot_calculate'
  | 'cannot_compare'
  | 'text_operator'
  | 'needs_numbers'
  | 'unknown_sort'
  | 'expected_end'
  | 'expected_close_bracket'
  | 'expected_symbol'
  | 'expected_list'
  | 'expected_text'
  | 'unknown_function'
  | 'function_arity'
  | 'period_range'
  | 'offset_range'
  | 'too_deep'
  | 'too_many_calls'
  | 'unknown_symbol'
  | 'rank_group'
  | 'list_too_long'
  | 'timeframe_nested'
  | 'rank_nested'
  | 'rank_crosses'
  | 'offset_not_allowed'
  | 'field_in_function'
  | 'field_no_offset'
  | 'function_text'
  | 'in_needs_text'
  | 'needs_number';

/** A problem in a scanner expression, with the 1-based column where it was found. */
export class ScanExpressionError extends Error {
  constructor(
    message: string,
    readonly position: number,
    readonly expected?: string,
    readonly code: ScanErrorCode = 'expected_value',
    /** The words of the message a translation needs (a field, the text found, a suggestion). */
    readonly params: Readonly<Record<string, string | number>> = {},
  ) {
    super(message);
    this.name = 'ScanExpressionError';
  }
}
