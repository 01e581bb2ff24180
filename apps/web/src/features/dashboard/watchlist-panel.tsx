import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { hasInvisibleCharacters } from '@solstice/contracts';
import { useAppStore } from '../../shared/store/app-store';
import { useUiStore } from '../../shared/store/ui-store';
import { confirmDialog } from '../../shared/lib/popups';
import { Link } from 'react-router';
import { conditionAlertLink, seasonalAlertLink } from '../../shared/links/alert-links';
import { SymbolSearch } from '../../shared/components/symbol-search';
import { HiddenLabelInput } from '../../shared/hidden-label-input';
import { LabelledSelect } from '../../shared/select-field';
import { HiddenHeader } from '../../shared/tables/headers';

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
  const { t } = useTranslation('shell');
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
    // The server refuses it (the name could display as something else): said here, in the language.
    if (hasInvisibleCharacters(name)) {
      setNotice(t('watchlists.invisible'));
      return;
    }
    setNotice(null);
    createWatchlist(name);
    setSelected(lists.length);
    setNewName('');
  };

  const remove = async () => {
    if (!list) return;
    if (await confirmDialog(t('watchlists.confirmDelete', { name: list.name }))) {
      deleteWatchlist(index);
      setSelected(0);
    }
  };

  return (
    <section className="card watchlist-panel" data-testid="watchlist-panel" aria-label={t('watchlists.panel')}>
      <div className="card-header d-flex flex-wrap gap-2 align-items-center">
        <LabelledSelect
          id="watchlist-select"
          label={t('watchlists.watchlist')}
          labelClassName="visually-hidden"
          className="form-select form-select-sm w-auto"
          value={String(index)}
          onChange={(v) => setSelected(Number(v))}
        >
          {lists.map((w, i) => (
            <option key={`${w.name}-${i}`} value={i}>
              {t('watchlists.option', { name: w.name, count: w.symbols.length })}
            </option>
          ))}
        </LabelledSelect>
        <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => void remove()} disabled={!list}>
          {t('watchlists.deleteList')}
        </button>
        {list?.id ? (
          <>
            <Link className="btn btn-sm btn-outline-primary" to={conditionAlertLink({ watchlistId: list.id })}>
              {t('watchlists.alertOnList')}
            </Link>
            <Link className="btn btn-sm btn-outline-primary" to={seasonalAlertLink({ watchlistId: list.id })}>
              {t('watchlists.seasonalAlert')}
            </Link>
          </>
        ) : null}
        <form className="d-flex gap-1 ms-auto" onSubmit={create}>
          <HiddenLabelInput
            id="watchlist-new"
            label={t('watchlists.newName')}
            placeholder={t('watchlists.newList')}
            value={newName}
            maxLength={64}
            onChange={(e) => setNewName(e.target.value)}
          />
          <button type="submit" className="btn btn-sm btn-primary">
            {t('watchlists.create')}
          </button>
        </form>
      </div>
      <div className="watchlist-panel__body">
        {list && list.symbols.length > 0 ? (
          <table className="table table-sm table-hover mb-0">
            <thead>
              <tr>
                <th scope="col">{t('watchlists.symbol')}</th>
                <th scope="col">{t('watchlists.description')}</th>
                {extraHeader}
                <HiddenHeader>{t('watchlists.actions')}</HiddenHeader>
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
                      aria-label={t('watchlists.alertOn', { symbol: s.sym })}
                    >
                      {t('watchlists.alert')}
                    </Link>
                    <button
                      type="button"
                      className="btn btn-sm btn-link text-danger"
                      aria-label={t('watchlists.removeSymbol', { symbol: s.sym })}
                      onClick={() => removeSymbol(list.name, i)}
                    >
                      {t('watchlists.remove')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="text-muted p-3 mb-0">{list ? t('watchlists.empty') : t('watchlists.none')}</p>
        )}
      </div>
      {list && (
        <div className="card-footer">
          {/* Only a suggestion can be added: a symbol the instruments do not hold never enters a list. */}
          <SymbolSearch
            label={t('watchlists.addLabel', { name: list.name })}
            placeholder={t('watchlists.addPlaceholder', { name: list.name })}
            onPick={(hit) => {
              if (list.symbols.some((s) => s.sym === hit.symbol))
                setNotice(t('watchlists.already', { symbol: hit.symbol, name: list.name }));
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
