import type { ScanFieldsResponse } from '@solstice/contracts';
import { caretContext, type CaretContext } from './expression-context';

/** A function of the scan language as the fields answer describes it. */
export type ScanFunction = NonNullable<ScanFieldsResponse['functions']>[number];

/** A completion: what the list shows, what replaces the word, and where the caret goes after it. */
export interface Completion {
  label: string;
  kind: 'function' | 'field' | 'alias' | 'group' | 'value' | 'symbol';
  /** Shown beside the label (a function's arguments, an alias's field, a company name). */
  detail?: string;
  insert: string;
  /** Where the caret lands, counted from the start of `insert` (default: its end). */
  caret?: number;
}

/** The groups rank() takes as its second argument. */
export const RANK_GROUPS = ['sector', 'industry', 'type', 'assetClass'] as const;

/** How many completions the list shows. */
export const MAX_COMPLETIONS = 12;

/** The language as the fields answer describes it, in the shapes the editor needs. */
export interface Vocabulary {
  functions: readonly ScanFunction[];
  fields: ScanFieldsResponse['fields'];
  aliases: Record<string, string>;
  /** Names (lower case, aliases included) whose values are text. */
  textFields: ReadonlySet<string>;
  functionNames: ReadonlySet<string>;
}

export function vocabulary(response: ScanFieldsResponse | undefined): Vocabulary {
  const fields = response?.fields ?? [];
  const aliases = response?.aliases ?? {};
  const functions = response?.functions ?? [];
  const text = new Set(fields.filter((f) => f.kind === 'text').map((f) => f.name.toLowerCase()));
  for (const [alias, target] of Object.entries(aliases))
    if (text.has(target.toLowerCase())) text.add(alias.toLowerCase());
  // `name` is a text field of the language whether or not the answer lists it.
  text.add('name');
  return {
    functions,
    fields,
    aliases,
    textFields: text,
    functionNames: new Set(functions.map((f) => f.name.toLowerCase())),
  };
}

export function contextAt(text: string, caret: number, vocab: Vocabulary): CaretContext {
  return caretContext(text, caret, vocab.textFields, vocab.functionNames);
}

/** Best first: a case-insensitive prefix match, then (two letters typed or more) a match inside; in the given order otherwise. */
function rank<T>(items: readonly T[], key: (item: T) => string, typed: string): T[] {
  const q = typed.toLowerCase();
  const starts: T[] = [];
  const inside: T[] = [];
  for (const item of items) {
    const k = key(item).toLowerCase();
    if (k.startsWith(q)) starts.push(item);
    else if (q.length >= 2 && k.includes(q)) inside.push(item);
  }
  return [...starts, ...inside];
}

/** A text value as the language writes it: double-quoted (a value holding `"` single-quoted). */
export function quoteText(value: string, quote: '"' | "'" | null): string {
  const q = quote ?? (value.includes('"') ? "'" : '"');
  return `${q}${value}${q}`;
}

/**
 * The completions at the caret. `symbols` are the instrument search's answer for the word typed
 * (symbols are looked up, never all loaded).
 */
export function completionsAt(
  ctx: CaretContext,
  vocab: Vocabulary,
  symbols: readonly { symbol: string; name: string }[] = [],
): Completion[] {
  const { word, expects } = ctx;
  const typed = word.prefix;
  let list: Completion[] = [];
  if (expects.kind === 'name') {
    if (!typed) return [];
    const fns = vocab.functions.map<Completion>((f) => ({
      label: f.name,
      kind: 'function',
      detail: `(${f.args.join(', ')})`,
      insert: `${f.name}()`,
      caret: f.name.length + 1,
    }));
    const fields = vocab.fields
      .filter((f) => f.available)
      .map<Completion>((f) => ({ label: f.name, kind: 'field', insert: f.name }));
    const aliases = Object.entries(vocab.aliases).map<Completion>(([alias, target]) => ({
      label: alias,
      kind: 'alias',
      detail: target,
      insert: alias,
    }));
    // An exact match already typed is no suggestion (the list would only repeat the word).
    list = rank([...fns, ...fields, ...aliases], (c) => c.label, typed).filter(
      (c) => c.kind === 'function' || c.label.toLowerCase() !== typed.toLowerCase(),
    );
  } else if (expects.kind === 'group') {
    list = rank(RANK_GROUPS, (g) => g, typed).map((g) => ({ label: g, kind: 'group', insert: g }));
  } else if (expects.kind === 'value') {
    if (expects.field === 'symbol') {
      list = symbols.map((s) => ({
        label: s.symbol,
        kind: 'symbol',
        detail: s.name,
        insert: quoteText(s.symbol, word.quote),
      }));
    } else {
      const canonical = vocab.aliases[expects.field] ?? expects.field;
      const values = vocab.fields.find((f) => f.name.toLowerCase() === canonical.toLowerCase())?.values ?? [];
      list = rank(values, (v) => v, typed).map((v) => ({ label: v, kind: 'value', insert: quoteText(v, word.quote) }));
    }
  } else if (expects.kind === 'symbol') {
    list = symbols.map((s) => ({
      label: s.symbol,
      kind: 'symbol',
      detail: s.name,
      insert: word.quote || !/^[A-Za-z0-9._]+$/.test(s.symbol) ? quoteText(s.symbol, word.quote) : s.symbol,
    }));
  }
  return list.slice(0, MAX_COMPLETIONS);
}

/** Whether the context looks symbols up (and with what text). */
export function symbolQuery(ctx: CaretContext): string | null {
  const e = ctx.expects;
  if (e.kind === 'symbol' || (e.kind === 'value' && e.field === 'symbol')) return ctx.word.prefix;
  return null;
}

/** The text and caret after accepting a completion: it replaces the whole word under the caret. */
export function accept(text: string, ctx: CaretContext, c: Completion): { text: string; caret: number } {
  const { start, end } = ctx.word;
  // A function name typed before its "(" keeps that parenthesis rather than doubling it.
  if (c.kind === 'function' && text[end] === '(') {
    return { text: text.slice(0, start) + c.label + text.slice(end), caret: start + c.label.length + 1 };
  }
  return { text: text.slice(0, start) + c.insert + text.slice(end), caret: start + (c.caret ?? c.insert.length) };
}
