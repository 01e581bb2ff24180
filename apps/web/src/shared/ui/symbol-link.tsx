import { useAddToWatchlist, useOpenSymbolDetails } from '../shell';

/** A symbol anywhere: opens symbol details. */
export function SymbolLink({ symbol }: { symbol: string }) {
  const open = useOpenSymbolDetails();
  if (!open) return <strong>{symbol}</strong>;
  return (
    <button
      type="button"
      className="btn btn-link p-0 fw-semibold align-baseline"
      onClick={() => open(symbol)}
      title={`Details of ${symbol}`}
    >
      {symbol}
    </button>
  );
}

/** Adds a symbol to a watchlist (the shell's modal chooses the list). */
export function AddToWatchlistButton({ symbol, description }: { symbol: string; description?: string | null }) {
  const add = useAddToWatchlist();
  return (
    <button
      type="button"
      className="btn btn-sm btn-outline-primary py-0"
      aria-label={`Add ${symbol} to a watchlist`}
      onClick={() => add(symbol, description ?? '')}
    >
      +<span className="visually-hidden"> watchlist</span>
    </button>
  );
}
