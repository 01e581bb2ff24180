// Where the caret is in a scan expression, read from the text alone (no parse: the text is
// usually unfinished while it is typed): the word being typed, the call the caret is in and
// what the language expects there. Completion and signature help are built on it.

/** The word under the caret: [start, end) in the text, what is typed before the caret, its quote. */
export interface CaretWord {
  start: number;
  end: number;
  prefix: string;
  /** The quote that opens it (a text value), or null for a name or a number. */
  quote: '"' | "'" | null;
}

/** The innermost function call the caret is in: its name, where its name starts, the argument index. */
export interface CaretCall {
  name: string;
  start: number;
  arg: number;
}

/** What the caret stands on: a name (function or field), a text field's value, a group, a symbol, or nothing to offer. */
export type CaretExpects =
  { kind: 'name' } | { kind: 'value'; field: string } | { kind: 'group' } | { kind: 'symbol' } | { kind: 'none' };

export interface CaretContext {
  word: CaretWord;
  call: CaretCall | null;
  expects: CaretExpects;
}

type Token =
  | { t: 'ident'; v: string; at: number }
  | { t: 'num'; v: string; at: number }
  | { t: 'str'; v: string; at: number }
  | { t: 'op'; v: string; at: number };

const WORD = /[A-Za-z0-9_.]/;
const KEYWORDS = new Set(['and', 'or', 'not', 'in', 'between', 'crosses', 'above', 'below']);

function tokenize(text: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) i++;
    else if (c === '"' || c === "'") {
      const close = text.indexOf(c, i + 1);
      const end = close < 0 ? text.length : close + 1;
      out.push({ t: 'str', v: text.slice(i, end), at: i });
      i = end;
    } else if (/[0-9]/.test(c)) {
      let j = i;
      while (j < text.length && /[0-9.%A-Za-z]/.test(text[j]!)) j++;
      out.push({ t: 'num', v: text.slice(i, j), at: i });
      i = j;
    } else if (/[A-Za-z_]/.test(c)) {
      let j = i;
      while (j < text.length && WORD.test(text[j]!)) j++;
      out.push({ t: 'ident', v: text.slice(i, j), at: i });
      i = j;
    } else {
      const two = text.slice(i, i + 2);
      const v = ['<=', '>=', '!=', '<>'].includes(two) ? two : c;
      out.push({ t: 'op', v, at: i });
      i += v.length;
    }
  }
  return out;
}

/** The word the caret is in or just after (a quoted text counts from its opening quote). */
export function caretWord(text: string, caret: number): CaretWord {
  // An open quote before the caret (an odd count of one kind outside the other) makes a text value.
  let quote: '"' | "'" | null = null;
  let quoteAt = -1;
  for (let i = 0; i < caret; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") {
      quote = c;
      quoteAt = i;
    }
  }
  if (quote) {
    const close = text.indexOf(quote, caret);
    return { start: quoteAt, end: close < 0 ? text.length : close + 1, prefix: text.slice(quoteAt + 1, caret), quote };
  }
  let start = caret;
  while (start > 0 && WORD.test(text[start - 1]!)) start--;
  let end = caret;
  while (end < text.length && WORD.test(text[end]!)) end++;
  return { start, end, prefix: text.slice(start, caret), quote: null };
}

type Frame =
  { kind: 'call'; name: string; start: number; arg: number } | { kind: 'list'; field: string } | { kind: 'group' };

/**
 * The context at the caret: `textFields` are the names (lower case, aliases included) whose
 * values are text; `functions` the function names (lower case).
 */
export function caretContext(
  text: string,
  caret: number,
  textFields: ReadonlySet<string>,
  functions: ReadonlySet<string>,
): CaretContext {
  const word = caretWord(text, caret);
  const tokens = tokenize(text.slice(0, word.start));
  const stack: Frame[] = [];
  for (let k = 0; k < tokens.length; k++) {
    const tok = tokens[k]!;
    if (tok.t !== 'op') continue;
    if (tok.v === '(') {
      const prev = tokens[k - 1];
      if (prev?.t === 'ident' && prev.v.toLowerCase() === 'in') {
        const before = tokens[k - 2];
        const owner = before?.t === 'ident' && before.v.toLowerCase() === 'not' ? tokens[k - 3] : before;
        stack.push({ kind: 'list', field: owner?.t === 'ident' ? owner.v.toLowerCase() : '' });
      } else if (prev?.t === 'ident' && !KEYWORDS.has(prev.v.toLowerCase())) {
        stack.push({ kind: 'call', name: prev.v.toLowerCase(), start: prev.at, arg: 0 });
      } else stack.push({ kind: 'group' });
    } else if (tok.v === ')') stack.pop();
    else if (tok.v === ',') {
      const top = stack[stack.length - 1];
      if (top?.kind === 'call') top.arg++;
    }
  }
  let call: CaretCall | null = null;
  for (let k = stack.length - 1; k >= 0; k--) {
    const f = stack[k]!;
    if (f.kind === 'call') {
      call = { name: f.name, start: f.start, arg: f.arg };
      break;
    }
  }
  return { word, call, expects: expectsAt(tokens, stack, word, textFields, functions) };
}

function expectsAt(
  tokens: Token[],
  stack: Frame[],
  word: CaretWord,
  textFields: ReadonlySet<string>,
  functions: ReadonlySet<string>,
): CaretExpects {
  const top = stack[stack.length - 1];
  const last = tokens[tokens.length - 1];
  const directlyIn = last?.t === 'op' && (last.v === '(' || last.v === ',');
  if (top?.kind === 'list' && directlyIn) {
    return textFields.has(top.field) ? { kind: 'value', field: top.field } : { kind: 'none' };
  }
  if (last?.t === 'op' && (last.v === '=' || last.v === '!=' || last.v === '<>')) {
    const owner = tokens[tokens.length - 2];
    if (owner?.t === 'ident' && textFields.has(owner.v.toLowerCase())) {
      return { kind: 'value', field: owner.v.toLowerCase() };
    }
  }
  if (top?.kind === 'call' && directlyIn && functions.has(top.name)) {
    if (top.name === 'rs' && top.arg === 0) return { kind: 'symbol' };
    if (top.name === 'rank' && top.arg === 1) return { kind: 'group' };
  }
  if (word.quote) return { kind: 'none' };
  // A name starts a word; a number or the word after a number (its suffix) is not one.
  if (/^[0-9]/.test(word.prefix) || last?.t === 'num') return { kind: 'none' };
  return { kind: 'name' };
}

/**
 * The range of the token at a 1-based position the API names, for the underline: a word, a
 * number, a quoted text, an operator; the end of the input (length + 1) is one column after it.
 */
export function tokenRange(text: string, position: number): { start: number; end: number } {
  const i = Math.max(0, Math.min(position - 1, text.length));
  if (i >= text.length) return { start: text.length, end: text.length + 1 };
  const c = text[i]!;
  if (c === '"' || c === "'") {
    const close = text.indexOf(c, i + 1);
    return { start: i, end: close < 0 ? text.length : close + 1 };
  }
  if (WORD.test(c)) {
    let end = i;
    while (end < text.length && WORD.test(text[end]!)) end++;
    return { start: i, end };
  }
  const two = text.slice(i, i + 2);
  return { start: i, end: i + (['<=', '>=', '!=', '<>'].includes(two) ? 2 : 1) };
}
