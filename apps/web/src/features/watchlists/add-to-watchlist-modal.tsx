import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { hasInvisibleCharacters } from '@solstice/contracts';
import { useAppStore } from '../../shared/store/app-store';
import { useUiStore } from '../../shared/store/ui-store';
import { Modal } from '../../shared/components/modal';
import { LabelledInput, LabelledSelect } from '../../shared/select-field';

const NEW_LIST = '__new__';

/** Adds the symbol in the UI store to a chosen (or new) watchlist. */
export function AddToWatchlistModal() {
  const { t } = useTranslation('shell');
  const symbol = useUiStore((s) => s.addToWatchlist);
  const close = useUiStore((s) => s.closeAddToWatchlist);
  const lists = useAppStore((s) => s.watchlists);
  const addSymbol = useAppStore((s) => s.addSymbol);
  const [list, setList] = useState('');
  const [newName, setNewName] = useState('');
  const [error, setError] = useState('');

  // Reset only when a new symbol is chosen, not when the lists change underneath.
  const listsNow = useRef(lists);
  listsNow.current = lists;
  const nameInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (symbol) {
      setList(listsNow.current[0]?.name ?? NEW_LIST);
      setNewName('');
      setError('');
    }
  }, [symbol]);
  useEffect(() => {
    if (symbol && list === NEW_LIST) nameInput.current?.focus();
  }, [symbol, list]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!symbol) return;
    const name = list === NEW_LIST ? newName.trim() : list;
    if (!name) {
      setError(t('addToWatchlist.nameIt'));
      return;
    }
    if (hasInvisibleCharacters(name)) {
      setError(t('addToWatchlist.invisible'));
      return;
    }
    const target = lists.find((w) => w.name === name);
    if (target?.symbols.some((s) => s.sym === symbol.sym)) {
      setError(t('addToWatchlist.already', { symbol: symbol.sym, name }));
      return;
    }
    addSymbol(name, symbol);
    close();
  };

  return (
    <Modal
      show={symbol !== null}
      title={t('addToWatchlist.title', { symbol: symbol?.sym ?? '' })}
      onClose={close}
      testId="add-to-watchlist"
    >
      <form onSubmit={submit} noValidate>
        <div className="mb-3">
          <LabelledSelect id="atw-list" label={t('addToWatchlist.watchlist')} value={list} onChange={setList}>
            {lists.map((w) => (
              <option key={w.name} value={w.name}>
                {w.name}
              </option>
            ))}
            <option value={NEW_LIST}>{t('addToWatchlist.newList')}</option>
          </LabelledSelect>
        </div>
        {list === NEW_LIST && (
          <div className="mb-3">
            <LabelledInput
              id="atw-name"
              label={t('addToWatchlist.newName')}
              className={`form-control${error ? ' is-invalid' : ''}`}
              value={newName}
              onChange={setNewName}
              maxLength={64}
              ref={nameInput}
            />
          </div>
        )}
        {error && (
          <div className="text-danger small mb-2" role="alert">
            {error}
          </div>
        )}
        <button type="submit" className="btn btn-primary">
          {t('addToWatchlist.add')}
        </button>
      </form>
    </Modal>
  );
}
