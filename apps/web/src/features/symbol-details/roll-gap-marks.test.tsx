import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { mockFetch, renderScreen, type MockRoute } from '../../testing/test-utils';
import { optionOf } from '../../shared/charts/fake-loader';
import { inTurkish } from '../../testing/in-turkish';
import { InstrumentHeader } from '../../shared/ui/instrument-header';
import { CandlesPanel } from './candles-panel';
import { rollGapMarks } from './roll-gap-marks';

vi.mock('../../shared/charts/loader', () => import('../../shared/charts/fake-loader'));

const DATES = ['2025-08-25', '2025-08-26', '2025-08-27', '2025-08-28', '2025-08-29'];
const DAILY = DATES.map((date, i) => ({
  date,
  open: i === 2 ? 2400 : 2300 + i,
  high: i === 2 ? 2410 : 2305 + i,
  low: 2290 + i,
  close: 2301 + i,
  volume: 1000,
}));
/** The stand-in's gold: one roll on the 27th (open 2400 after a close of 2302), one before the bars shown. */
const GAPS = [
  { date: '2025-06-27', gap: 0.025 },
  { date: '2025-08-27', gap: 2400 / 2302 - 1 },
];

function routes(symbol: string, assetClass: string, rollGaps: typeof GAPS): MockRoute[] {
  const path = encodeURIComponent(symbol);
  return [
    {
      path: `/api/v1/instruments/${path}`,
      body: { symbol, name: symbol, synthetic: false, assetClass, lastDate: '2025-08-29', rollGaps },
    },
    { path: `/api/v1/bars/${path}`, body: { symbol, synthetic: false, bars: DAILY } },
  ];
}

type MarkPoint = { data: { name: string; coord: [string, number]; value: string }[] };
type Option = { series: { type: string; markPoint?: MarkPoint }[] };
const candles = (label: string) =>
  (optionOf(label) as Option | undefined)?.series.find((s) => s.type === 'candlestick');

describe('roll-gap marks on the price chart of a future', () => {
  it('places each gap on the candle that holds it: the daily candle of its date, else the next aggregated one', () => {
    expect(rollGapMarks(DATES, GAPS)).toEqual([{ ...GAPS[1], index: 2 }]);
    const weeks = ['2025-08-22', '2025-08-29', '2025-09-05'];
    expect(rollGapMarks(weeks, [GAPS[1]!, { date: '2025-09-01', gap: -0.03 }]).map((m) => m.index)).toEqual([1, 2]);
    expect(rollGapMarks(weeks, [{ date: '2025-08-20', gap: 0.02 }])).toEqual([]);
    expect(rollGapMarks(weeks, [{ date: '2025-09-08', gap: 0.02 }])).toEqual([]);
    expect(rollGapMarks(weeks, [{ date: '2025-08-22', gap: 0.02 }]).map((m) => m.index)).toEqual([0]);
  });

  it('pins the roll-gap bar with its gap in %, says what it is, and notes the unadjusted front month', async () => {
    mockFetch(routes('GC=F', 'future', GAPS));
    renderScreen(<CandlesPanel symbol="GC=F" />);
    await waitFor(() => expect(candles('Candles of GC=F')?.markPoint).toBeDefined());
    const [mark, ...others] = candles('Candles of GC=F')!.markPoint!.data;
    expect(others).toEqual([]);
    expect(mark!.coord).toEqual(['2025-08-27', 2410]);
    expect(mark!.value).toBe('+4.3%');
    expect(mark!.name).toMatch(/^Suspected contract roll of the unadjusted front month on .+: gap \+4\.26%$/);
    const legend = screen.getByTestId('roll-gaps-legend');
    expect(legend).toHaveTextContent('Pins mark suspected contract rolls of the unadjusted front month');
    expect(within(legend).getAllByRole('listitem')).toHaveLength(1);
    expect(within(legend).getByRole('listitem')).toHaveTextContent(/gap \+4\.26%/);
    expect(screen.getByTestId('front-month-notice')).toHaveTextContent(
      'Futures data: Yahoo’s front-month contract, unadjusted.',
    );
  });

  it('marks nothing and notes nothing for any other class', async () => {
    mockFetch(routes('SPY', 'etf', []));
    renderScreen(<CandlesPanel symbol="SPY" />);
    await waitFor(() => expect(candles('Candles of SPY')).toBeDefined());
    expect(candles('Candles of SPY')!.markPoint).toBeUndefined();
    expect(screen.queryByTestId('roll-gaps-legend')).toBeNull();
    expect(screen.queryByTestId('front-month-notice')).toBeNull();
  });

  it('the seasonal screens (under their instrument header) note the unadjusted front month of a future', async () => {
    mockFetch([...routes('GC=F', 'future', GAPS), ...routes('SPY', 'etf', [])]);
    renderScreen(
      <>
        <InstrumentHeader symbol="GC=F" />
        <InstrumentHeader symbol="SPY" />
      </>,
    );
    await waitFor(() => expect(screen.getAllByTestId('instrument-header')[1]).toHaveTextContent('SPY'));
    const [gold, spy] = screen.getAllByTestId('instrument-header');
    await waitFor(() => expect(within(gold!).getByTestId('front-month-notice')).toBeInTheDocument());
    expect(within(spy!).queryByTestId('front-month-notice')).toBeNull();
  });

  describe('in Turkish', () => {
    inTurkish();
    it('says it in Turkish', async () => {
      mockFetch(routes('GC=F', 'future', GAPS));
      renderScreen(<CandlesPanel symbol="GC=F" />);
      await waitFor(() => expect(candles('GC=F mum grafiği')?.markPoint).toBeDefined());
      expect(candles('GC=F mum grafiği')!.markPoint!.data[0]!.name).toMatch(
        /düzeltilmemiş ön ay kontratında olası kontrat geçişi, boşluk/,
      );
      expect(screen.getByTestId('roll-gaps-legend')).toHaveTextContent('İğneler');
      expect(screen.getByTestId('front-month-notice')).toHaveTextContent('Vadeli verisi: Yahoo’nun ön ay');
    });
  });
});
