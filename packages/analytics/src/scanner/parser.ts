import { ScanExpressionError, type ScanErrorCode } from './errors.js';
import { lookupField, nearestField, seasonFieldProblem, type FieldInfo } from './fields.js';
import { tokenize, type Token } from './tokenizer.js';

export type CompareOp = '<' | '<=' | '>' | '>=' | '=' | '!=';

export type ArithOp = '+' | '-' | '*' | '/';

export type Operand =
  | { kind: 'field'; field: FieldInfo; position: number }
  | { kind: 'number'; value: number; position: number }
  | { kind: 'string'; value: string; position: number }
  /** `position`: the operator's (a leading minus is 0 − operand). */
  | { kind: 'arith'; op: ArithOp; left: Operand; right: Operand; position: number };

export type Condition =
  | { kind: 'and' | 'or'; left: Condition; right: Condition }
  | { kind: 'not'; operand: Condition }
  | { kind: 'compare'; op: CompareOp; left: Operand; right: Operand; position: number }
  | { kind: 'between'; subject: Operand; low: Operand; high: Operand; position: number }
  | { kind: 'cross'; direction: 'above' | 'below'; left: Operand; right: Operand; position: number };

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
const KEYWORDS = new Set(['and', 'or', 'not', 'between', 'crosses', 'above', 'below']);

/**
 * Grammar (keywords case-insensitive):
 *   expression := and ("or" and)*
 *   and        := unary ("and" unary)*
 *   unary      := "not" unary | "(" expression ")" | condition
 *   condition  := operand ( op operand | "between" operand "and" operand
 *                         | "crosses" ("above" | "below") operand )
 *   operand    := term (("+" | "-") term)*
 *   term       := factor (("*" | "/") factor)*
 *   factor     := ("-" | "+") factor | "(" operand ")" | value
 *   value      := number [% k M B T] | "string" | 'string' | field
 * A "(" in `unary` opens a calculation when the token after its ")" continues one (an
 * arithmetic or comparison operator, "between", "crosses"); otherwise it groups conditions.
 */
export function parseExpression(source: string): Condition {
  return new Parser(tokenize(source)).parse();
}

class Parser {
  private i = 0;
  constructor(private readonly tokens: Token[]) {}

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
    const left = this.operand('Expected a condition', null);
    const t = this.peek();
    const position = t.position;
    if (t.type === 'op') {
      this.i++;
      const op = COMPARE_OPS[t.text] as CompareOp;
      return { kind: 'compare', op, left, right: this.operand('Expected a value', t), position };
    }
    if (this.isKeyword('between')) {
      this.i++;
      const low = this.operand('Expected a value', t);
      const and = this.peek();
      if (!this.isKeyword('and')) this.fail('Expected "and"', and, '"and"', this.tokens[this.i - 1], 'expected_and');
      this.i++;
      const high = this.operand('Expected a value', and);
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
      const right = this.operand('Expected a value', dir);
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
        if (next.type === 'op' || next.type === 'arith') return true;
        const word = next.type === 'ident' ? next.text.toLowerCase() : '';
        return word === 'between' || word === 'crosses';
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
    if (t.type === 'lparen') {
      this.i++;
      const inner = this.operand('Expected a value', t);
      this.closeParen();
      return inner;
    }
    return this.value(message, after);
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
    const close = this.peek();
    if (close.type !== 'rparen') {
      this.fail(
        `Expected ")"${close.type === 'eof' ? '' : ` instead of "${close.text}"`}`,
        close,
        '")"',
        undefined,
        'expected_close_paren',
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
    const t = this.peek();
    return t.type === 'ident' && t.text.toLowerCase() === word;
  }
}
