import { useEffect, useId, useRef, useState } from 'react';
import { api } from '../lib/api-client';
import { useUiStore } from '../store/ui-store';
import { Icon } from './icon';

export interface InstrumentHit {
  symbol: string;
  name: string;
}

/** Reads the instruments answer whatever its envelope: `{ data: [...] }` or a bare list. */
export function toHits(body: unknown): InstrumentHit[] {
  const list = Array.isArray(body)
    ? body
    : body && typeof body === 'object' && Array.isArray((body as { data?: unknown }).data)
      ? (body as { data: unknown[] }).data
      : [];
  return list.flatMap((item) => {
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

/** Type-ahead over /api/v1/instruments?q=: '/' focuses it, arrows move, Enter opens the symbol. */
export function SymbolSearch({ onPick }: { onPick?: (hit: InstrumentHit) => void }) {
  const [query, setQuery] = useState('');
  const [hits, setHits] = useState<InstrumentHit[]>([]);
  const [active, setActive] = useState(0);
  const [open, setOpen] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const openSymbol = useUiStore((s) => s.openSymbolDetails);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === '/' && !e.ctrlKey && !e.metaKey && !e.altKey && !isTyping(e.target)) {
        e.preventDefault();
        inputRef.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => {
    const q = query.trim();
    if (!q) {
      setHits([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api
        .get('/api/v1/instruments', { query: { q, limit: 10 }, background: true, signal: controller.signal })
        .then((body) => {
          setHits(toHits(body).slice(0, 10));
          setActive(0);
          setOpen(true);
        })
        .catch(() => setHits([]));
    }, 150);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  const pick = (hit: InstrumentHit) => {
    setOpen(false);
    setQuery('');
    setHits([]);
    if (onPick) onPick(hit);
    else openSymbol(hit.symbol);
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen(true);
      setActive((i) => Math.min(hits.length - 1, i + 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => Math.max(0, i - 1));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const hit = hits[active] ?? (query.trim() ? { symbol: query.trim().toUpperCase(), name: '' } : null);
      if (hit) pick(hit);
    } else if (e.key === 'Escape') {
      setOpen(false);
      inputRef.current?.blur();
    }
  };

  const showList = open && hits.length > 0;
  return (
    <div className="symbol-search" role="search">
      <label className="visually-hidden" htmlFor={`${listId}-input`}>
        Search symbols
      </label>
      <span className="symbol-search__icon">
        <Icon name="search" size={16} />
      </span>
      <input
        ref={inputRef}
        id={`${listId}-input`}
        className="form-control form-control-sm symbol-search__input"
        type="search"
        placeholder="Search symbol  ( / )"
        autoComplete="off"
        role="combobox"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showList ? `${listId}-${active}` : undefined}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onFocus={() => hits.length > 0 && setOpen(true)}
      />
      {showList && (
        <ul className="symbol-search__list list-group" role="listbox" id={listId}>
          {hits.map((hit, i) => (
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
    </div>
  );
}
