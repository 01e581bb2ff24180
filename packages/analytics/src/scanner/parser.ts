import { ScanExpressionError, type ScanErrorCode } from './errors.js';
import { lookupField, nearestField, seasonFieldProblem, type FieldInfo } from './fields.js';
import { tokenize, type Token } from './tokenizer.js';
import {
  lookupFunction,
  RANK_GROUPS,
  SCAN_BOUNDS,
  type PeriodFunction,
  type RankGroup,
  type Timeframe,
} from '../language/functions.js';

export type CompareOp = '<' | '<=' | '>' | '>=' | '=' | '!=';

export type ArithOp = '+' | '-' | '*' | '/';

export type Operand =
  | { kind: 'field'; field: FieldInfo; position: number }
  | { kind: 'number'; value: number; position: number }
  | { kind: 'string'; value: string; position: number }
  /** `position`: the operator's (a leading minus is 0 − operand). */
  | { kind: 'arith'; op: ArithOp; left: Operand; right: Operand; position: number }
  /** `f(src, n)`, and `atr(n)` (src null); `position`: the name's, `periodPosition`: n's. */
  | {
      kind: 'fn';
      name: PeriodFunction | 'atr';
      src: Operand | null;
      period: number;
      position: number;
      periodPosition: number;
    }
  /** `weekly(x)`, `monthly(x)`. */
  | { kind: 'timeframe'; timeframe: Timeframe; operand: Operand; position: number }
  /** `rank(x[, group])`. */
  | { kind: 'rank'; operand: Operand; group: RankGroup | null; position: number }
  /** `rs(SYM, n)`: `symbol` as the database spells it (when the parser knows the symbols). */
  | { kind: 'rs'; symbol: string; period: number; position: number; symbolPosition: number }
  /** `x[k]`; `position`: the "["'s. */
  | { kind: 'offset'; operand: Operand; k: number; position: number };

export type Condition =
  | { kind: 'and' | 'or'; left: Condition; right: Condition }
  | { kind: 'not'; operand: Condition }
  | { kind: 'compare'; op: CompareOp; left: Operand; right: Operand; position: number }
  | { kind: 'between'; subject: Operand; low: Operand; high: Operand; position: number }
  | { kind: 'cross'; direction: 'above' | 'below'; left: Operand; right: Operand; position: number }
  /** `x in ("a", …)`, `x not in (…)`; `position`: the "in"'s. */
  | { kind: 'in'; subject: Operand; values: { value: string; position: number }[]; negated: boolean; position: number };

export interface ParseOptions {
  /**
   * The symbol rs() names as the database spells it (case-insensitive lookup), undefined for
   * an unknown one (an error at the symbol). Absent: every symbol is taken as written.
   */
  resolveSymbol?: (symbol: string) => string | undefined;
}

/** The text of each comparison operand as written (trimmed): the row keys of a scan. */
export type OperandTexts = Map<Operand, string>;

const COMPARE_OPS: Record<string, CompareOp> = {
  '<': '<',
  '<=': '<=',
  '>': '>',
  '>=': '>=',
  '=': '=',
  '==': '=',
  '!=': '!=',
  '<>': '!=',
};
const KEYWORDS = new Set(['and', 'or', 'not', 'between', 'crosses', 'above', 'below', 'in']);

/**
 * Grammar (keywords case-insensitive):
 *   expression := and ("or" and)*
 *   and        := unary ("and" unary)*
 *   unary      := "not" unary | "(" expression ")" | condition
 *   condition  := operand ( op operand | "between" operand "and" operand
 *                         | "crosses" ("above" | "below") operand
 *                         | ["not"] "in" "(" string ("," string)* ")" )
 *   operand    := term (("+" | "-") term)*
 *   term       := factor (("*" | "/") factor)*
 *   factor     := ("-" | "+") factor | primary ("[" digits "]")*
 *   primary    := "(" operand ")" | call | value
 *   call       := name "(" arguments ")"   (analytics.md, "Scan language")
 *   value      := number [% k M B T] | "string" | 'string' | field
 * A "(" in `unary` opens a calculation when the token after its ")" continues one (an
 * arithmetic or comparison operator, "[", "between", "crosses", "in"); otherwise it groups
 * conditions. Bounds (periods, offsets, nesting, calls, list length) are checked here, where
 * the tokens' positions are; the types and where each kind of term may stand in check.ts.
 */
export function parseExpression(source: string, options: ParseOptions = {}, texts?: OperandTexts): Condition {
  return new Parser(source, tokenize(source), options, texts).parse();
}

/** Parses a numeric (or text) expression with no comparison: a column or a sort of a scan. */
export function parseOperand(source: string, options: ParseOptions = {}): Operand {
  return new Parser(source, tokenize(source), options).parseOperand();
}

class Parser {
  private i = 0;
  private depth = 0;
  private calls = 0;
  constructor(
    private readonly source: string,
    private readonly tokens: Token[],
    private readonly options: ParseOptions,
    private readonly texts?: OperandTexts,
  ) {}

  parseOperand(): Operand {
    if (this.peek().type === 'eof') this.fail('Expected a value', this.peek(), 'a value');
    const node = this.operand('Expected a value', null);
    const t = this.peek();
    if (t.type !== 'eof') {
      const unmatched = t.type === 'rparen';
      this.fail(
        `Expected the end, found "${t.text}"`,
        t,
        unmatched ? 'no ")" without a matching "("' : 'the end',
        undefined,
        unmatched ? 'unmatched_paren' : 'expected_end',
      );
    }
    return node;
  }

  /** An operand of a comparison, its text as written kept for the row keys. */
  private sideOperand(message: string, after: Token | null): Operand {
    const from = this.peek();
    const node = this.operand(message, after);
    const last = this.tokens[this.i - 1] as Token;
    this.texts?.set(node, this.source.slice(from.position - 1, last.position - 1 + last.text.length).trim());
    return node;
  }

  parse(): Condition {
    if (this.peek().type === 'eof')
      this.fail('Expected a condition', this.peek(), 'a condition', undefined, 'expected_condition');
    const node = this.orExpr();
    const t = this.peek();
    if (t.type !== 'eof') {
      const unmatched = t.type === 'rparen';
      const expected = unmatched ? 'no ")" without a matching "("' : '"and", "or" or the end';
      const code = unmatched ? 'unmatched_paren' : 'expected_and_or_end';
      this.fail(`Expected "and", "or" or the end, found "${t.text}"`, t, expected, undefined, code);
    }
    return node;
  }

  private orExpr(): Condition {
    return this.joined('or', () => this.andExpr());
  }

  private andExpr(): Condition {
    return this.joined('and', () => this.unary());
  }

  /** `next` (keyword `next`)*, joined from the left. */
  private joined(kind: 'and' | 'or', next: () => Condition): Condition {
    let left = next();
    while (this.isKeyword(kind)) {
      this.i++;
      left = { kind, left, right: next() };
    }
    return left;
  }

  private unary(): Condition {
    const t = this.peek();
    if (this.isKeyword('not')) {
      this.i++;
      if (this.peek().type === 'eof')
        this.fail(
          'Expected a condition after "not"',
          this.peek(),
          'a condition',
          undefined,
          'expected_condition',
          'not',
        );
      return { kind: 'not', operand: this.unary() };
    }
    if (t.type === 'lparen' && !this.opensCalculation()) {
      this.i++;
      if (this.peek().type === 'eof' || this.peek().type === 'rparen') {
        this.fail('Expected a condition after "("', this.peek(), 'a condition', undefined, 'expected_condition', '(');
      }
      const inner = this.orExpr();
      this.closeParen();
      return inner;
    }
    return this.condition();
  }

  private condition(): Condition {
    const left = this.sideOperand('Expected a condition', null);
    const t = this.peek();
    const position = t.position;
    if (t.type === 'op') {
      this.i++;
      const op = COMPARE_OPS[t.text] as CompareOp;
      return { kind: 'compare', op, left, right: this.sideOperand('Expected a value', t), position };
    }
    if (this.isKeyword('in') || (this.isKeyword('not') && this.isKeywordAt(this.i + 1, 'in'))) {
      const negated = this.isKeyword('not');
      if (negated) this.i++;
      const at = this.peek();
      this.i++;
      return { kind: 'in', subject: left, values: this.textList(at), negated, position: at.position };
    }
    if (this.isKeyword('between')) {
      this.i++;
      const low = this.sideOperand('Expected a value', t);
      const and = this.peek();
      if (!this.isKeyword('and')) this.fail('Expected "and"', and, '"and"', this.tokens[this.i - 1], 'expected_and');
      this.i++;
      const high = this.sideOperand('Expected a value', and);
      return { kind: 'between', subject: left, low, high, position };
    }
    if (this.isKeyword('crosses')) {
      this.i++;
      const dir = this.peek();
      const word = dir.text.toLowerCase();
      if (dir.type !== 'ident' || (word !== 'above' && word !== 'below')) {
        this.fail('Expected "above" or "below"', dir, '"above" or "below"', t, 'expected_above_below');
      }
      this.i++;
      const right = this.sideOperand('Expected a value', dir);
      return { kind: 'cross', direction: word as 'above' | 'below', left, right, position };
    }
    const prev = this.tokens[this.i - 1] as Token;
    return this.fail(
      'Expected a comparison (<, <=, >, >=, =, !=, between, crosses above/below)',
      t,
      'a comparison operator',
      prev,
      'expected_comparison',
    );
  }

  /** Whether the "(" here starts an operand: its ")" is followed by what continues one. */
  private opensCalculation(): boolean {
    let depth = 0;
    for (let j = this.i; j < this.tokens.length; j++) {
      const t = this.tokens[j] as Token;
      if (t.type === 'lparen') depth++;
      else if (t.type === 'rparen' && --depth === 0) {
        const next = this.tokens[j + 1] as Token;
        if (next.type === 'op' || next.type === 'arith' || next.type === 'lbracket') return true;
        const word = next.type === 'ident' ? next.text.toLowerCase() : '';
        if (word === 'not') return this.isKeywordAt(j + 2, 'in');
        return word === 'between' || word === 'crosses' || word === 'in';
      }
    }
    return false;
  }

  private operand(message: string, after: Token | null): Operand {
    return this.calculation(['+', '-'], (m, a) => this.term(m, a), message, after);
  }

  private term(message: string, after: Token | null): Operand {
    return this.calculation(['*', '/'], (m, a) => this.factor(m, a), message, after);
  }

  /** `next` (one of `ops` `next`)*, left-associative. */
  private calculation(
    ops: readonly [ArithOp, ArithOp],
    next: (message: string, after: Token | null) => Operand,
    message: string,
    after: Token | null,
  ): Operand {
    let left = next(message, after);
    for (let t = this.peek(); this.isArith(...ops); t = this.peek()) {
      this.i++;
      const right = next('Expected a value', t);
      left = { kind: 'arith', op: t.text as ArithOp, left, right, position: t.position };
    }
    return left;
  }

  private factor(message: string, after: Token | null): Operand {
    const t = this.peek();
    if (this.isArith('+', '-')) {
      this.i++;
      const operand = this.factor('Expected a value', t);
      if (t.text === '+') return operand;
      return {
        kind: 'arith',
        op: '-',
        left: { kind: 'number', value: 0, position: t.position },
        right: operand,
        position: t.position,
      };
    }
    let node: Operand;
    if (t.type === 'lparen') {
      this.i++;
      node = this.operand('Expected a value', t);
      this.closeParen();
    } else if (
      t.type === 'ident' &&
      this.tokens[this.i + 1]?.type === 'lparen' &&
      !KEYWORDS.has(t.text.toLowerCase())
    ) {
      node = this.call();
    } else {
      node = this.value(message, after);
    }
    while (this.peek().type === 'lbracket') {
      const open = this.peek();
      this.i++;
      const k = this.peek();
      if (!isWholeIn(k, 0, SCAN_BOUNDS.maxOffset)) {
        throw new ScanExpressionError(
          `The offset must be a whole number from 0 to ${SCAN_BOUNDS.maxOffset} at position ${k.position}`,
          k.position,
          `a whole number from 0 to ${SCAN_BOUNDS.maxOffset}`,
          'offset_range',
          { min: 0, max: SCAN_BOUNDS.maxOffset },
        );
      }
      this.i++;
      this.closing('rbracket');
      node = { kind: 'offset', operand: node, k: Number(k.text), position: open.position };
    }
    return node;
  }

  /** A call `name(arguments)`: the name is the current token, a "(" follows. */
  private call(): Operand {
    const name = this.peek();
    const fn = lookupFunction(name.text);
    if (!fn) {
      throw new ScanExpressionError(
        `Unknown function "${name.text}" at position ${name.position}`,
        name.position,
        'a function name',
        'unknown_function',
        { function: name.text },
      );
    }
    if (++this.calls > SCAN_BOUNDS.maxCalls) {
      throw new ScanExpressionError(
        `More than ${SCAN_BOUNDS.maxCalls} calls in one expression at position ${name.position}`,
        name.position,
        `at most ${SCAN_BOUNDS.maxCalls} calls`,
        'too_many_calls',
        { max: SCAN_BOUNDS.maxCalls },
      );
    }
    if (++this.depth > SCAN_BOUNDS.maxDepth) {
      throw new ScanExpressionError(
        `More than ${SCAN_BOUNDS.maxDepth} calls nested in one another at position ${name.position}`,
        name.position,
        `at most ${SCAN_BOUNDS.maxDepth} nested calls`,
        'too_deep',
        { max: SCAN_BOUNDS.maxDepth },
      );
    }
    this.i += 2;
    const arity = (): never => {
      const count = fn.name === 'rank' ? '1 or 2 arguments' : fn.args.length === 1 ? '1 argument' : '2 arguments';
      throw new ScanExpressionError(
        `${fn.name} takes ${count} at position ${name.position}`,
        name.position,
        count,
        'function_arity',
        {
          function: fn.name,
          count,
        },
      );
    };
    /** Steps over the "," before argument `index` (1-based), or fails: too few arguments. */
    const comma = () => {
      if (this.peek().type !== 'comma') arity();
      this.i++;
    };
    const position = name.position;
    let node: Operand;
    if (this.peek().type === 'rparen') arity();
    switch (fn.name) {
      case 'atr': {
        const [period, periodPosition] = this.period(fn.name);
        node = { kind: 'fn', name: 'atr', src: null, period, position, periodPosition };
        break;
      }
      case 'weekly':
      case 'monthly':
        node = { kind: 'timeframe', timeframe: fn.name, operand: this.argument(name), position };
        break;
      case 'rank': {
        const operand = this.argument(name);
        let group: RankGroup | null = null;
        if (this.peek().type === 'comma') {
          this.i++;
          const g = this.peek();
          const word = g.text.toLowerCase();
          const named = RANK_GROUPS.find((r) => r.toLowerCase() === word);
          if (g.type !== 'ident' || named === undefined) {
            if (g.type === 'rparen' || g.type === 'eof') arity();
            throw new ScanExpressionError(
              `The group of rank must be sector, industry, type or assetClass at position ${g.position}`,
              g.position,
              'sector, industry, type or assetClass',
              'rank_group',
              { found: g.text },
            );
          }
          this.i++;
          group = named;
        }
        node = { kind: 'rank', operand, group, position };
        break;
      }
      case 'rs': {
        const s = this.peek();
        if (s.type !== 'ident' && s.type !== 'string') {
          if (s.type === 'comma') arity();
          this.fail('Expected a symbol', s, 'a symbol', name, 'expected_symbol');
        }
        const written = s.type === 'string' ? (s.value as string) : s.text;
        const resolve = this.options.resolveSymbol;
        const symbol = resolve ? resolve(written) : written;
        if (symbol === undefined) {
          throw new ScanExpressionError(
            `Unknown symbol "${written}" at position ${s.position}`,
            s.position,
            'a symbol of the database',
            'unknown_symbol',
            { symbol: written },
          );
        }
        this.i++;
        comma();
        const [period] = this.period(fn.name);
        node = { kind: 'rs', symbol, period, position, symbolPosition: s.position };
        break;
      }
      default: {
        const src = this.argument(name);
        comma();
        const [period, periodPosition] = this.period(fn.name);
        node = { kind: 'fn', name: fn.name, src, period, position, periodPosition };
      }
    }
    if (this.peek().type === 'comma') arity();
    this.closeParen();
    this.depth--;
    return node;
  }

  /** A numeric argument of a call. */
  private argument(name: Token): Operand {
    return this.operand('Expected a value', name);
  }

  /** A period: digits only, from 1 to maxPeriod; its value and position. */
  private period(fn: string): [number, number] {
    const t = this.peek();
    if (!isWholeIn(t, 1, SCAN_BOUNDS.maxPeriod) || !this.endsArgument(this.tokens[this.i + 1])) {
      throw new ScanExpressionError(
        `The period of ${fn} must be a whole number from 1 to ${SCAN_BOUNDS.maxPeriod} at position ${t.position}`,
        t.position,
        `a whole number from 1 to ${SCAN_BOUNDS.maxPeriod}`,
        'period_range',
        { function: fn, min: 1, max: SCAN_BOUNDS.maxPeriod },
      );
    }
    this.i++;
    return [Number(t.text), t.position];
  }

  private endsArgument(t: Token | undefined): boolean {
    return t !== undefined && (t.type === 'rparen' || t.type === 'comma' || t.type === 'eof');
  }

  /** `( "text", … )` after "in"; `at` is the "in" token. */
  private textList(at: Token): { value: string; position: number }[] {
    const open = this.peek();
    if (open.type !== 'lparen') this.fail('Expected "("', open, '"("', at, 'expected_list');
    this.i++;
    const values: { value: string; position: number }[] = [];
    for (;;) {
      const t = this.peek();
      if (t.type !== 'string')
        this.fail('Expected a "text" value', t, 'a "text" value', this.tokens[this.i - 1], 'expected_text');
      if (values.length === SCAN_BOUNDS.maxList) {
        throw new ScanExpressionError(
          `A list holds at most ${SCAN_BOUNDS.maxList} values at position ${t.position}`,
          t.position,
          `at most ${SCAN_BOUNDS.maxList} values`,
          'list_too_long',
          { max: SCAN_BOUNDS.maxList },
        );
      }
      values.push({ value: t.value as string, position: t.position });
      this.i++;
      if (this.peek().type !== 'comma') break;
      this.i++;
    }
    this.closeParen();
    return values;
  }

  private value(message: string, after: Token | null): Operand {
    const t = this.peek();
    if (t.type === 'number') {
      this.i++;
      return { kind: 'number', value: t.value as number, position: t.position };
    }
    if (t.type === 'string') {
      this.i++;
      return { kind: 'string', value: t.value as string, position: t.position };
    }
    if (t.type === 'ident' && !KEYWORDS.has(t.text.toLowerCase())) {
      const field = lookupField(t.text);
      if (!field) {
        const season = seasonFieldProblem(t.text);
        if (season) {
          throw new ScanExpressionError(
            `${season.message} at position ${t.position}`,
            t.position,
            'season<L>.<stat> with L from 1 to 364',
            season.code,
            season.params,
          );
        }
        const suggestion = nearestField(t.text);
        throw new ScanExpressionError(
          `Unknown field "${t.text}" at position ${t.position}${suggestion ? ` (did you mean "${suggestion}"?)` : ''}`,
          t.position,
          'a field name',
          'unknown_field',
          { field: t.text, ...(suggestion ? { suggestion } : {}) },
        );
      }
      this.i++;
      return { kind: 'field', field, position: t.position };
    }
    return this.fail(message, t, 'a value (a number, a "string" or a field)', after ?? undefined);
  }

  /** Steps over the ")" that closes a group, or fails naming what stands there instead. */
  private closeParen(): void {
    this.closing('rparen');
  }

  /** Steps over a closing ")" or "]", or fails naming what stands there instead. */
  private closing(type: 'rparen' | 'rbracket'): void {
    const close = this.peek();
    if (close.type !== type) {
      const mark = type === 'rparen' ? ')' : ']';
      this.fail(
        `Expected "${mark}"${close.type === 'eof' ? '' : ` instead of "${close.text}"`}`,
        close,
        `"${mark}"`,
        undefined,
        type === 'rparen' ? 'expected_close_paren' : 'expected_close_bracket',
      );
    }
    this.i++;
  }

  private fail(
    message: string,
    at: Token,
    expected: string,
    after?: Token,
    code: ScanErrorCode = 'expected_value',
    /** What the expected condition follows ("not", "("), when it says so. */
    following?: string,
  ): never {
    const afterText = after ? ` after "${after.text}"` : '';
    const found = at.type === 'eof' || message.includes('found') ? '' : `, found "${at.text}"`;
    const params: Record<string, string> = {};
    if (after) params.after = after.text;
    if (following) params.after = following;
    if (at.type !== 'eof') params.found = at.text;
    throw new ScanExpressionError(
      `${message}${afterText} at position ${at.position}${found}`,
      at.position,
      expected,
      code,
      params,
    );
  }

  private peek(): Token {
    return this.tokens[this.i] as Token;
  }

  private isArith(...ops: ArithOp[]): boolean {
    const t = this.peek();
    return t.type === 'arith' && (ops as string[]).includes(t.text);
  }

  private isKeyword(word: string): boolean {
    return this.isKeywordAt(this.i, word);
  }

  private isKeywordAt(index: number, word: string): boolean {
    const t = this.tokens[index];
    return t !== undefined && t.type === 'ident' && t.text.toLowerCase() === word;
  }
}

/** A number token written in digits only (no sign, point or suffix) from min to max. */
function isWholeIn(t: Token, min: number, max: number): boolean {
  if (t.type !== 'number' || !/^\d+$/.test(t.text)) return false;
  const v = Number(t.text);
  return v >= min && v <= max;
}
