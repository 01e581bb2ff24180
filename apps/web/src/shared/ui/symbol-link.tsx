import { useTranslation } from 'react-i18next';
import { useAddToWatchlist, useOpenSymbolDetails } from '../shell';

/** A symbol anywhere: opens symbol details. */
export function SymbolLink({ symbol }: { symbol: string }) {
  const { t } = useTranslation('common');
  const open = useOpenSymbolDetails();
  if (!open) return <strong>{symbol}</strong>;
  return (
    <button
      type="button"
      className="btn btn-link p-0 fw-semibold align-baseline"
      onClick={() => open(symbol)}
      title={t('symbol.details', { symbol })}
    >
      {symbol}
    </button>
  );
}

/** Adds a symbol to a watchlist (the shell's modal chooses the list). */
export function AddToWatchlistButton({ symbol, description }: { symbol: string; description?: string | null }) {
  const { t } = useTranslation('common');
  const add = useAddToWatchlist();
  return (
    <button
      type="button"
      className="btn btn-sm btn-outline-primary py-0"
      aria-label={t('symbol.addToWatchlist', { symbol })}
      onClick={() => add(symbol, description ?? '')}
    >
      +<span className="visually-hidden"> {t('symbol.watchlist')}</span>
    </button>
  );
}
