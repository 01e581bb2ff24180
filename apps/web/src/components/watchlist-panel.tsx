import { useState, type FormEvent, type ReactNode } from 'react';
import { useAppStore } from '../store/app-store';
import { useUiStore } from '../store/ui-store';
import { confirmDialog } from '../lib/popups';
import { Link } from 'react-router';
import { conditionAlertLink, seasonalAlertLink } from '../features/alerts/alert-links';
import { SymbolSearch } from './symbol-search';

export interface WatchlistPanelProps {
  /** Extra cells per symbol (the dashboard adds last price, change, sparkline). */
  renderExtra?: (sym: string) => ReactNode;
  extraHeader?: ReactNode;
}

/**
 * The user's watchlists, shown once: pick a list, see its symbols (with the dashboard's
 * prices), add from the instruments' suggestions and remove. Body 100vh − 320 px.
 */
export function WatchlistPanel({ renderExtra, extraHeader }: WatchlistPanelProps) {
  const lists = useAppStore((s) => s.watchlists);
  const createWatchlist = useAppStore((s) => s.createWatchlist);
  const deleteWatchlist = useAppStore((s) => s.deleteWatchlist);
  const addSymbol = useAppStore((s) => s.addSymbol);
  const removeSymbol = useAppStore((s) => s.removeSymbol);
  const openSymbol = useUiStore((s) => s.openSymbolDetails);
  const [selected, setSelected] = useState(0);
  const [newName, setNewName] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const index = Math.min(selected, Math.max(0, lists.length - 1));
  const list = lists[index];

  const create = (e: FormEvent) => {
    e.preventDefault();
    const name = newName.trim();
    if (!name || lists.some((w) => w.name === name)) return;
    createWatchlist(name);
    setSelected(lists.length);
    setNewName('');
  };

  const remove = async () => {
    if (!list) return;
    if (await confirmDialog(`Delete the watchlist ${list.name}?`)) {
      deleteWatchlist(index);
      setSelected(0);
    }
  };

  return (
    <section className="card watchlist-panel" data-testid="watchlist-panel" aria-label="Watchlists">
      <div className="card-header d-flex flex-wrap gap-2 align-items-center">
        <label className="visually-hidden" htmlFor="watchlist-select">
          Watchlist
        </label>
        <select
          id="watchlist-select"
          className="form-select form-select-sm w-auto"
          value={index}
          onChange={(e) => setSelected(Number(e.target.value))}
        >
          {lists.map((w, i) => (
            <option key={`${w.name}-${i}`} value={i}>
              {w.name} ({w.symbols.length})
            </option>
          ))}
        </select>
        <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => void remove()} disabled={!list}>
          Delete list
        </button>
        {list?.id ? (
          <>
            <Link className="btn btn-sm btn-outline-primary" to={conditionAlertLink({ watchlistId: list.id })}>
              Alert on this list
            </Link>
            <Link className="btn btn-sm btn-outline-primary" to={seasonalAlertLink({ watchlistId: list.id })}>
              Seasonal alert
            </Link>
          </>
        ) : null}
        <form className="d-flex gap-1 ms-auto" onSubmit={create}>
          <label className="visually-hidden" htmlFor="watchlist-new">
            New watchlist name
          </label>
          <input
            id="watchlist-new"
            className="form-control form-control-sm"
            placeholder="New list"
            value={newName}
            maxLength={64}
            onChange={(e) => setNewName(e.target.value)}
          />
          <button type="submit" className="btn btn-sm btn-primary">
            Create
          </button>
        </form>
      </div>
      <div className="watchlist-panel__body">
        {list && list.symbols.length > 0 ? (
          <table className="table table-sm table-hover mb-0">
            <thead>
              <tr>
                <th scope="col">Symbol</th>
                <th scope="col">Description</th>
                {extraHeader}
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.symbols.map((s, i) => (
                <tr key={`${s.sym}-${i}`}>
                  <td>
                    <button type="button" className="btn btn-link btn-sm p-0" onClick={() => openSymbol(s.sym)}>
                      {s.sym}
                    </button>
                  </td>
                  <td>{s.description}</td>
                  {renderExtra?.(s.sym)}
                  <td className="text-end text-nowrap">
                    <Link
                      className="btn btn-sm btn-link"
                      to={conditionAlertLink({ symbol: s.sym })}
                      aria-label={`Create an alert on ${s.sym}`}
                    >
                      Alert
                    </Link>
                    <button
                      type="button"
                      className="btn btn-sm btn-link text-danger"
                      aria-label={`Remove ${s.sym}`}
                      onClick={() => removeSymbol(list.name, i)}
                    >
                      Remove
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="text-muted p-3 mb-0">
            {list ? 'This list is empty. Add a symbol or company below.' : 'No watchlists yet.'}
          </p>
        )}
      </div>
      {list && (
        <div className="card-footer">
          {/* Only a suggestion can be added: a symbol the instruments do not hold never enters a list. */}
          <SymbolSearch
            label={`Add a symbol to ${list.name}`}
            placeholder={`Add to ${list.name}: symbol or company`}
            onPick={(hit) => {
              if (list.symbols.some((s) => s.sym === hit.symbol))
                setNotice(`${hit.symbol} is already in ${list.name}.`);
              else {
                setNotice(null);
                addSymbol(list.name, { sym: hit.symbol, description: hit.name });
              }
            }}
          />
          {notice ? (
            <p className="small text-muted mb-0 mt-1" role="status">
              {notice}
            </p>
          ) : null}
        </div>
      )}
    </section>
  );
}
