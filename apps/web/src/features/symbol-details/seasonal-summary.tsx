import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { apiGet, apiQueryPost } from '../../shared/api';
import type { ChartResponse } from '@solstice/contracts';
import { useFormatters } from '../../shared/format';
import { usePremiumAccess } from '../../shared/shell';
import { EChart } from '../../shared/charts/echart';
import { averageLine, percentAxis } from '../../shared/charts/options';
import { SignalBadge, tradeSignal } from '../../shared/stats/trade-signal';
import { dayLabel } from '../../shared/charts/chart-option';
import { useInstrument } from '../../shared/ui/instrument-header';

/** How far ahead "next seasonal windows" look for a start day. */
export const LOOK_AHEAD_DAYS = 30;

const mmdd = (d: Date) => `${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}`;

/** The start days of the next windows: the day after the latest bar to LOOK_AHEAD_DAYS later. */
export function nextStartDays(lastDate: string): { startFrom: string; startTo: string } {
  const d = new Date(`${lastDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  const startFrom = mmdd(d);
  d.setUTCDate(d.getUTCDate() + LOOK_AHEAD_DAYS);
  return { startFrom, startTo: mmdd(d) };
}

function NextWindows({ symbol, lastDate }: { symbol: string; lastDate: string }) {
  const { t } = useTranslation('symbol');
  const f = useFormatters();
  const days = nextStartDays(lastDate);
  const scan = useQuery({
    queryKey: ['next-windows', symbol, days.startFrom],
    queryFn: () =>
      apiQueryPost(
        'seasonalityScan',
        { body: { ...days, minDays: 5, maxDays: 30, direction: 'both', universe: [symbol] } },
        { background: true },
      ),
  });
  if (scan.isError) return <p className="small text-muted">{t('seasonal.nextFailed')}</p>;
  if (!scan.data) return <p className="small text-muted">{t('seasonal.nextLoading')}</p>;
  if (scan.data.results.length === 0) {
    return <p className="small text-muted">{t('seasonal.noneSoon', { symbol, days: LOOK_AHEAD_DAYS })}</p>;
  }
  return (
    <ul className="list-unstyled small mb-0" aria-label={t('seasonal.nextWindowsOf', { symbol })}>
      {scan.data.results.map((w) => {
        const q = new URLSearchParams({ symbol, start: w.start, end: w.end, direction: w.direction });
        return (
          <li key={`${w.direction}-${w.start}-${w.end}`} className="mb-1">
            <SignalBadge signal={tradeSignal(w.direction, w.stats)} />{' '}
            <Link to={`/seasonality/pattern?${q.toString()}`}>
              {f.monthDay(w.start)} – {f.monthDay(w.end)}
            </Link>{' '}
            · {w.direction === 'short' ? t('seasonal.short') : t('seasonal.long')} ·{' '}
            {t('seasonal.windowStats', {
              winRate: f.percent(w.stats.winRate, 0, false),
              mean: f.percent(w.stats.mean),
              n: w.stats.count,
            })}
          </li>
        );
      })}
    </ul>
  );
}

function Curve({ data }: { data: ChartResponse }) {
  const { t } = useTranslation('symbol');
  const f = useFormatters();
  const option = useMemo(() => {
    const curve = data.curve ?? [];
    const series: unknown[] = [averageLine(t('seasonal.average', { symbol: data.symbol }), curve)];
    if (data.current) {
      series.push({
        type: 'line',
        name: String(data.current.year),
        showSymbol: false,
        data: data.current.values,
        lineStyle: { type: 'dashed' },
      });
    }
    return {
      animation: false,
      grid: { left: 48, right: 12, top: 28, bottom: 28 },
      legend: { top: 0 },
      tooltip: { trigger: 'axis', valueFormatter: (v: number) => f.percent(v) },
      xAxis: {
        type: 'category',
        data: curve.map((_, i) => dayLabel(i)),
        axisLabel: { formatter: (v: string) => f.monthDay(v), interval: 59 },
      },
      yAxis: percentAxis(f),
      series,
    };
  }, [data, f, t]);
  return (
    <EChart
      kinds={['line']}
      option={option}
      label={t('seasonal.curveLabel', { symbol: data.symbol })}
      height={220}
      testId="details-seasonal-chart"
    />
  );
}

/** The average year with this year on top, and the windows that start soon. */
export function SeasonalSummary({ symbol }: { symbol: string }) {
  const { t } = useTranslation('symbol');
  const access = usePremiumAccess();
  const instrument = useInstrument(symbol);
  const allowed = access === 'yes';
  const chart = useQuery({
    queryKey: ['seasonal-chart', { symbol }],
    queryFn: () => apiGet('seasonalityChart', { query: { symbol } }, { background: true }),
    enabled: allowed,
  });
  if (access === 'no') {
    return (
      <p className="small text-muted">
        {t('seasonal.subscribersOnly')} <Link to="/subscribe">{t('seasonal.subscribe')}</Link>.
      </p>
    );
  }
  return (
    <div className="row g-2">
      <div className="col-12 col-lg-7">
        {chart.data?.curve ? (
          <Curve data={chart.data} />
        ) : chart.isError || (chart.data && !chart.data.curve) ? (
          <p className="small text-muted">{t('seasonal.noYear', { symbol })}</p>
        ) : (
          <p className="small text-muted">{t('seasonal.loading')}</p>
        )}
      </div>
      <div className="col-12 col-lg-5">
        <h4 className="h6">{t('seasonal.nextWindows')}</h4>
        {instrument.data?.lastDate ? <NextWindows symbol={symbol} lastDate={instrument.data.lastDate} /> : null}
      </div>
    </div>
  );
}

export default SeasonalSummary;
