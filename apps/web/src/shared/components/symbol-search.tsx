import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../lib/api-client';
import { useUiStore } from '../store/ui-store';
import { Icon } from './icon';

export interface InstrumentHit {
  symbol: string;
  name: string;
}

/** How many suggestions the box shows (the API's `limit`). */
export const SUGGESTIONS = 10;

/** Reads the instruments answer: `{ instruments: [...] }` (the API), `{ data: [...] }` or a bare list. */
export function toHits(body: unknown): InstrumentHit[] {
  const envelope = body && typeof body === 'object' ? (body as { instruments?: unknown; data?: unknown }) : null;
  const list = Array.isArray(body)
    ? body
    : Array.isArray(envelope?.instruments)
      ? envelope.instruments
      : Array.isArray(envelope?.data)
        ? envelope.data
        : [];
  return list.flatMap((item: unknown) => {
    if (!item || typeof item !== 'object') return [];
    const r = item as Record<string, unknown>;
    const symbol = typeof r.symbol === 'string' ? r.symbol : typeof r.sym === 'string' ? r.sym : null;
    if (!symbol) return [];
    const name = typeof r.name === 'string' ? r.name : typeof r.description === 'string' ? r.description : '';
    return [{ symbol, name }];
  });
}

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

function searchInstruments(q: string, signal?: AbortSignal): Promise<InstrumentHit[]> {
  return callApi('instrumentSearch', { query: { q, limit: SUGGESTIONS } }, { background: true, signal }).then((body) =>
    toHits(body).slice(0, SUGGESTIONS),
  );
}

export interface SymbolSearchProps {
  /** What a chosen symbol does; default: open its details. */
  onPick?: (hit: InstrumentHit) => void;
  /** Whether '/' focuses this box: the one global search only (the top bar). */
  shortcut?: boolean;
  label?: string;
  placeholder?: string;
}

/**
 * Type-ahead over /api/v1/instruments (symbols and company names): arrows move, Enter takes the
 * highlighted suggestion, never the raw text (a symbol that does not exist is never picked).
 */
export function SymbolSearch({ onPick, shortcut = false, label, placeholder }: SymbolSearchProps) {
  const { t } = useTranslation('shell');
  const [query, setQuery] = useState('');
  const [hits, setHits] = useState<{ q: string; list: InstrumentHit[] }>({ q: '', list: [] });
  const [active, setActive] = useState(0);
  const [open, setOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const openSymbol = useUiStore((s) => s.openSymbolDetails);

  useEffect(() => {
    if (!shortcut) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === '/' && !e.ctrlKey && !e.metaKey && !e.altKey && !isTyping(e.target)) {
        e.preventDefault();
        inputRef.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [shortcut]);

  useEffect(() => {
    const q = query.trim();
    if (!q) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      searchInstruments(q, controller.signal)
        .then((list) => {
          setHits({ q, list });
          setActive(0);
          setOpen(true);
        })
        .catch(() => {});
    }, 150);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  const pick = (hit: InstrumentHit) => {
    setOpen(false);
    setQuery('');
    setHits({ q: '', list: [] });
    setNotice(null);
    if (onPick) onPick(hit);
    else openSymbol(hit.symbol);
  };

  const q = query.trim();
  const current = hits.q === q ? hits.list : [];

  const onEnter = async () => {
    if (!q) return;
    const known = hits.q === q ? hits.list : await searchInstruments(q).catch(() => []);
    // Enter before the suggestions arrive: the exact symbol if there is one, else the best match.
    const hit = hits.q === q ? known[active] : (known.find((h) => h.symbol === q.toUpperCase()) ?? known[0]);
    if (hit) pick(hit);
    else {
      setOpen(false);
      setNotice(t('search.noMatchFor', { query: q }));
    }
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen(true);
      setActive((i) => Math.min(Math.max(0, current.length - 1), i + 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => Math.max(0, i - 1));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      void onEnter();
    } else if (e.key === 'Escape') {
      setOpen(false);
      inputRef.current?.blur();
    }
  };

  const showList = open && current.length > 0;
  const showNone = open && q !== '' && hits.q === q && current.length === 0;
  return (
    <div className="symbol-search" role="search">
      <label className="visually-hidden" htmlFor={`${listId}-input`}>
        {label ?? t('search.label')}
      </label>
      <span className="symbol-search__icon">
        <Icon name="search" size={16} />
      </span>
      <input
        ref={inputRef}
        id={`${listId}-input`}
        className="form-control form-control-sm symbol-search__input"
        type="search"
        placeholder={placeholder ?? (shortcut ? t('search.placeholderShortcut') : t('search.placeholder'))}
        autoComplete="off"
        role="combobox"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showList ? `${listId}-${active}` : undefined}
        aria-describedby={notice ? `${listId}-notice` : undefined}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setNotice(null);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onFocus={() => current.length > 0 && setOpen(true)}
      />
      {showList && (
        <ul className="symbol-search__list list-group" role="listbox" id={listId}>
          {current.map((hit, i) => (
            <li
              key={hit.symbol}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={`list-group-item list-group-item-action${i === active ? ' active' : ''}`}
              onMouseDown={(e) => {
                e.preventDefault();
                pick(hit);
              }}
            >
              <strong>{hit.symbol}</strong> <span className="symbol-search__name">{hit.name}</span>
            </li>
          ))}
        </ul>
      )}
      {showNone ? (
        <div className="symbol-search__list list-group" role="status">
          <span className="list-group-item text-muted">{t('search.noMatch')}</span>
        </div>
      ) : null}
      {notice ? (
        <div id={`${listId}-notice`} className="small text-danger mt-1" role="alert">
          {notice}
        </div>
      ) : null}
    </div>
  );
}
