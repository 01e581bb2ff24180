import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../api';
import { DemoBadge } from './states';
import { FrontMonthNotice } from './front-month-notice';
import { AddToWatchlistButton, SymbolLink } from './symbol-link';

/** The instrument of `symbol`; with `fetch` false, only as another view has already asked for it. */
export function useInstrument(symbol: string | undefined, fetch = true) {
  return useQuery({
    queryKey: ['instrument', symbol],
    queryFn: () => apiGet('instrument', { params: { symbol: symbol ?? '' } }),
    enabled: fetch && Boolean(symbol),
    staleTime: 5 * 60_000,
  });
}

/** Symbol, name, "Demo data" when synthetic, and the add-to-watchlist action. */
export function InstrumentHeader({ symbol, children }: { symbol: string; children?: React.ReactNode }) {
  const instrument = useInstrument(symbol);
  const data = instrument.data;
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 mb-2" data-testid="instrument-header">
      <h2 className="h5 mb-0">
        <SymbolLink symbol={symbol} />
      </h2>
      {data ? <span className="text-muted">{data.name}</span> : null}
      <DemoBadge synthetic={data?.synthetic} />
      <AddToWatchlistButton symbol={symbol} description={data?.name} />
      {children}
      <FrontMonthNotice assetClass={data?.assetClass} />
    </div>
  );
}

/** "Demo data" when the instrument behind a view (e.g. one stock of its universe) is synthetic. */
export function SymbolDemoBadge({ symbol }: { symbol: string | undefined }) {
  const instrument = useInstrument(symbol);
  return <DemoBadge synthetic={instrument.data?.synthetic} />;
}
