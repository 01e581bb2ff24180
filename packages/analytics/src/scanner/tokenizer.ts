import { ScanExpressionError } from './errors.js';

export type TokenType =
  'number' | 'string' | 'ident' | 'op' | 'arith' | 'lparen' | 'rparen' | 'lbracket' | 'rbracket' | 'comma' | 'eof';

export interface Token {
  type: TokenType;
  /** The source text of the token ('' at the end). */
  text: string;
  /** 1-based column of its first character. */
  position: number;
  /** Numbers: the value with its suffix applied; strings: the unquoted text. */
  value?: number | string;
}

const SUFFIX: Record<string, number> = { '%': 0.01, k: 1e3, K: 1e3, m: 1e6, M: 1e6, b: 1e9, B: 1e9, t: 1e12, T: 1e12 };
const SINGLE: Record<string, TokenType> = {
  '(': 'lparen',
  ')': 'rparen',
  '[': 'lbracket',
  ']': 'rbracket',
  ',': 'comma',
};
const OPERATORS = ['<=', '>=', '!=', '<>', '==', '<', '>', '='];
const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
const isIdentStart = (c: string | undefined) => c !== undefined && /[A-Za-z_]/.test(c);
const isIdentPart = (c: string | undefined) => c !== undefined && /[A-Za-z0-9_]/.test(c);
const KEYWORDS = new Set(['and', 'or', 'not', 'between', 'crosses', 'above', 'below', 'in']);

/** After a value (a number, a string, a field or ")"), + and - are operators, never signs. */
function endsValue(t: Token | undefined): boolean {
  if (!t) return false;
  if (t.type === 'ident') return !KEYWORDS.has(t.text.toLowerCase());
  return t.type === 'number' || t.type === 'string' || t.type === 'rparen' || t.type === 'rbracket';
}

/** Splits an expression into tokens; always ends with an 'eof' token. */
export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const c = source[i] as string;
    const position = i + 1;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const single = SINGLE[c];
    if (single) {
      tokens.push({ type: single, text: c, position });
      i++;
      continue;
    }
    const signed = (c === '-' || c === '+') && !endsValue(tokens[tokens.length - 1]);
    if (
      isDigit(c) ||
      ((c === '.' || signed) && (isDigit(source[i + 1]) || (source[i + 1] === '.' && isDigit(source[i + 2]))))
    ) {
      let j = i;
      if (c === '-' || c === '+') j++;
      while (isDigit(source[j])) j++;
      if (source[j] === '.') {
        j++;
        while (isDigit(source[j])) j++;
      }
      if (source[j] === 'e' || source[j] === 'E') {
        let k = j + 1;
        if (source[k] === '-' || source[k] === '+') k++;
        if (isDigit(source[k])) {
          while (isDigit(source[k])) k++;
          j = k;
        }
      }
      let value = Number(source.slice(i, j));
      const suffix = source[j];
      if (suffix !== undefined && suffix in SUFFIX) {
        value *= SUFFIX[suffix] as number;
        j++;
      }
      if (isIdentPart(source[j]) || source[j] === '.') {
        throw new ScanExpressionError(
          `Unexpected "${source[j]}" after the number "${source.slice(i, j)}" at position ${j + 1}`,
          j + 1,
          'a number with an optional %, k, M, B or T suffix',
          'number_suffix',
          { character: source[j]!, number: source.slice(i, j) },
        );
      }
      tokens.push({ type: 'number', text: source.slice(i, j), position, value });
      i = j;
      continue;
    }
    if (c === '"' || c === "'") {
      const end = source.indexOf(c, i + 1);
      if (end < 0) {
        throw new ScanExpressionError(
          `Unterminated string starting at position ${position}`,
          position,
          `a closing ${c}`,
          'unterminated_string',
          { quote: c },
        );
      }
      tokens.push({ type: 'string', text: source.slice(i, end + 1), position, value: source.slice(i + 1, end) });
      i = end + 1;
      continue;
    }
    if (isIdentStart(c)) {
      let j = i + 1;
      while (isIdentPart(source[j]) || (source[j] === '.' && isIdentStart(source[j + 1]))) j++;
      tokens.push({ type: 'ident', text: source.slice(i, j), position });
      i = j;
      continue;
    }
    if (c === '+' || c === '-' || c === '*' || c === '/') {
      tokens.push({ type: 'arith', text: c, position });
      i++;
      continue;
    }
    const op = OPERATORS.find((o) => source.startsWith(o, i));
    if (op) {
      tokens.push({ type: 'op', text: op, position });
      i += op.length;
      continue;
    }
    throw new ScanExpressionError(
      `Unexpected character "${c}" at position ${position}`,
      position,
      undefined,
      'unexpected_character',
      { character: c },
    );
  }
  tokens.push({ type: 'eof', text: '', position: source.length + 1 });
  return tokens;
}
