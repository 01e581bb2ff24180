import { useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ScanFieldsResponse } from '@solstice/contracts';
import { apiGet } from '../api';
import { i18n } from '../i18n/i18n';
import {
  accept,
  completionsAt,
  contextAt,
  symbolQuery,
  vocabulary,
  type Completion,
  type ScanFunction,
} from './completion';
import { tokenRange } from './expression-context';

/** How many symbols a look-up asks for (the instrument search, as the user types). */
const SYMBOL_SUGGESTIONS = 10;

export interface ExpressionEditorProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** Enter without Shift, when no completion is open. */
  onSubmit: () => void;
  fields: ScanFieldsResponse | undefined;
  /** The bad part to underline: a 1-based position in `expression` (the trimmed text the API checked). */
  mark: { expression: string; position: number } | null;
  invalid: boolean;
  placeholder: string;
  describedBy: string;
}

/** A function's one-line help in the reader's language (the API's English for a function these texts do not know). */
export function functionSummary(f: ScanFunction): string {
  const key = `scanner:functions.${f.name}.summary`;
  return i18n.exists(key) ? (i18n.t(key as never) as string) : f.summary;
}

/**
 * The scanner's expression input: completion of function names, fields, groups and values
 * (a combobox: arrows, Enter or Tab to take, Escape to close), the signature of the call the
 * caret is in, and the bad part of the expression underlined where the API names it.
 */
export function ExpressionEditor({
  id,
  value,
  onChange,
  onSubmit,
  fields,
  mark,
  invalid,
  placeholder,
  describedBy,
}: ExpressionEditorProps) {
  const { t } = useTranslation('scanner');
  const listId = useId();
  const signatureId = useId();
  const ref = useRef<HTMLTextAreaElement>(null);
  const mirrorRef = useRef<HTMLDivElement>(null);
  const pendingCaret = useRef<number | null>(null);
  const [caret, setCaret] = useState(value.length);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const vocab = useMemo(() => vocabulary(fields), [fields]);
  const ctx = contextAt(value, Math.min(caret, value.length), vocab);

  const lookUp = open ? symbolQuery(ctx) : null;
  const symbols = useQuery({
    queryKey: ['scan-editor-symbols', lookUp],
    queryFn: () =>
      apiGet('instrumentSearch', { query: { q: lookUp ?? '', limit: SYMBOL_SUGGESTIONS } }, { background: true }),
    enabled: Boolean(lookUp),
    staleTime: 60_000,
  });
  const hits = lookUp ? (symbols.data?.instruments ?? []) : [];
  const options = open ? completionsAt(ctx, vocab, hits) : [];
  const shown = options.length > 0;
  const current = Math.min(active, options.length - 1);
  const optionId = (i: number) => `${listId}-${i}`;

  useLayoutEffect(() => {
    // The underline's copy scrolls with the text it lies over (a long expression scrolls in two rows).
    if (mirrorRef.current && ref.current) mirrorRef.current.scrollTop = ref.current.scrollTop;
    if (pendingCaret.current === null || !ref.current) return;
    ref.current.setSelectionRange(pendingCaret.current, pendingCaret.current);
    pendingCaret.current = null;
  });

  const take = (c: Completion) => {
    const next = accept(value, ctx, c);
    pendingCaret.current = next.caret;
    setCaret(next.caret);
    setActive(0);
    // After a function's "(" the list stays open for its first argument (rs's symbol); after a value it closes.
    setOpen(c.kind === 'function');
    onChange(next.text);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (shown) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        const step = e.key === 'ArrowDown' ? 1 : -1;
        setActive((current + step + options.length) % options.length);
        return;
      }
      if (e.key === 'Enter' || e.key === 'Tab') {
        e.preventDefault();
        take(options[current]!);
        return;
      }
      if (e.key === 'Escape') {
        e.preventDefault();
        e.stopPropagation();
        setOpen(false);
        return;
      }
    }
    if (e.key === ' ' && e.ctrlKey) {
      e.preventDefault();
      setOpen(true);
      return;
    }
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      onSubmit();
    }
  };

  const readCaret = () => {
    const el = ref.current;
    if (el && el.selectionStart !== caret) setCaret(el.selectionStart);
  };

  // The underline only for the text the API checked (a stale answer marks nothing).
  const lead = value.length - value.trimStart().length;
  const range = mark && mark.expression === value.trim() ? tokenRange(mark.expression, mark.position) : null;
  const fn = ctx.call ? vocab.functions.find((f) => f.name.toLowerCase() === ctx.call!.name) : undefined;
  const classes = `form-control form-control-sm font-monospace${invalid ? ' is-invalid' : ''}`;

  return (
    <div className="scan-editor position-relative flex-grow-1" style={{ minWidth: 0, flexBasis: '20rem' }}>
      <textarea
        ref={ref}
        id={id}
        className={classes}
        rows={2}
        value={value}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown ? optionId(current) : undefined}
        aria-describedby={fn ? `${describedBy} ${signatureId}` : describedBy}
        aria-invalid={invalid}
        onChange={(e) => {
          setCaret(e.target.selectionStart);
          setActive(0);
          setOpen(true);
          onChange(e.target.value);
        }}
        onSelect={readCaret}
        onClick={readCaret}
        onKeyUp={readCaret}
        onBlur={() => setOpen(false)}
        onScroll={(e) => {
          if (mirrorRef.current) mirrorRef.current.scrollTop = e.currentTarget.scrollTop;
        }}
        onKeyDown={onKeyDown}
        placeholder={placeholder}
        spellCheck={false}
      />
      {range ? (
        <div ref={mirrorRef} className={`${classes} scan-editor__mirror`} aria-hidden="true">
          {value.slice(0, lead + range.start)}
          <span
            className="scan-editor__mark"
            data-testid="scan-problem-mark"
            data-start={lead + range.start}
            data-end={lead + range.end}
          >
            {range.end > mark!.expression.length ? '\u00a0' : value.slice(lead + range.start, lead + range.end)}
          </span>
          {value.slice(lead + range.end)}
        </div>
      ) : null}
      <ul
        id={listId}
        role="listbox"
        aria-label={t('editor.suggestions')}
        className="scan-editor__list list-unstyled border rounded bg-body shadow-sm small mb-0"
        hidden={!shown}
      >
        {options.map((o, i) => (
          <li
            key={`${o.kind}-${o.label}`}
            id={optionId(i)}
            role="option"
            aria-selected={i === current}
            className={`px-2 py-1 d-flex gap-2${i === current ? ' active bg-primary-subtle' : ''}`}
            // mousedown, not click: the textarea keeps the focus (its blur would close the list first).
            onMouseDown={(e) => {
              e.preventDefault();
              take(o);
            }}
          >
            <span className="font-monospace">{o.label}</span>
            {o.detail ? <span className="text-muted font-monospace text-truncate">{o.detail}</span> : null}
            <span className="ms-auto text-muted">{t(`editor.kinds.${o.kind}`)}</span>
          </li>
        ))}
      </ul>
      {fn ? (
        <div id={signatureId} className="small text-muted mt-1" data-testid="scan-signature">
          <span className="font-monospace">
            {fn.name}(
            {fn.args.map((a, i) => (
              <span key={i}>
                {i > 0 ? ', ' : ''}
                {i === ctx.call!.arg ? (
                  <strong className="text-body" aria-current="true">
                    {a}
                  </strong>
                ) : (
                  a
                )}
              </span>
            ))}
            )
          </span>{' '}
          — {functionSummary(fn)}
        </div>
      ) : null}
    </div>
  );
}
