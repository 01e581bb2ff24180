import type { HeatmapResponse } from '@solstice/contracts';
import type { Formatters } from '../format';
import { SymbolLink } from '../ui/symbol-link';
import type { Column } from './data-table';
import { actionColumn, changeColumn } from './columns';
import { CSV_MONTHS } from './csv';
import { changeColor, changeRange } from '../charts/colors';
import { PERIODS, periodLabel, sectorName, type PeriodId } from '../stats/periods';
import { i18n } from '../i18n/i18n';
import type { BarRow } from '../charts/treemap-data';

const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];

/** The sorted bar view's columns: a sector opens its stocks, a stock its details. */
export function barColumns(
  f: Formatters,
  sector: string | undefined,
  range: number,
  maxAbs: number,
  onSector: (s: string | null) => void,
): Column<BarRow>[] {
  return [
    {
      key: 'label',
      label: sector ? i18n.t('heatmaps:bars.stock') : i18n.t('heatmaps:bars.sector'),
      csvLabel: sector ? 'Stock' : 'Sector',
      sortValue: (r) => r.symbol ?? sectorName(r.label),
      text: (r) => (r.symbol ? r.symbol : sectorName(r.label)),
      csvValue: (r) => r.symbol ?? r.label,
      render: (r) =>
        r.symbol ? (
          <SymbolLink symbol={r.symbol} />
        ) : (
          <button type="button" className="btn btn-link btn-sm p-0 text-start" onClick={() => onSector(r.label)}>
            {sectorName(r.label)}
          </button>
        ),
    },
    changeColumn('change', i18n.t('common:table.change'), 'Change', (r) => r.change, f),
    actionColumn('bar', '', (r) => (
      <span
        aria-hidden="true"
        className="d-inline-block"
        style={{
          height: 8,
          width: `${Math.round((Math.abs(r.change ?? 0) / maxAbs) * 100)}%`,
          minWidth: 1,
          background: changeColor(r.change, range),
        }}
      />
    )),
  ];
}

type SectorRow = HeatmapResponse['sectors'][number];

/** The sector's name in the interface's language (its id in the CSV). */
export function sectorColumn(): Column<SectorRow> {
  return {
    key: 'sector',
    label: i18n.t('common:table.sector'),
    csvLabel: 'Sector',
    sortValue: (r) => sectorName(r.sector),
    text: (r) => sectorName(r.sector),
    csvValue: (r) => r.sector,
  };
}

/** A period's column: the sector's change over it, one decimal, green or red by its sign. */
export function periodColumn(p: PeriodId, f: Formatters): Column<SectorRow> {
  return changeColumn<SectorRow>(p, periodLabel(p), p.toUpperCase(), (r) => r.values[p], f, 1);
}

/** Sector × period: each period coloured on its own scale. */
export function gridColumns(f: Formatters): Column<SectorRow>[] {
  return [
    sectorColumn(),
    ...PERIODS.map((p): Column<SectorRow> => ({
      ...periodColumn(p, f),
      className: undefined, // the period's scale colours the cell instead of the sign
      style: (r) => ({ backgroundColor: changeColor(r.values[p], changeRange(p)), color: '#000' }),
    })),
  ];
}

/** Symbol × month average return. */
export function seasonColumns(f: Formatters): Column<HeatmapResponse['seasonality'][number]>[] {
  return [
    {
      key: 'symbol',
      label: i18n.t('common:table.symbol'),
      csvLabel: 'Symbol',
      sortValue: (r) => r.symbol,
      text: (r) => r.symbol,
    },
    ...MONTHS.map((m): Column<HeatmapResponse['seasonality'][number]> => ({
      key: `m${m}`,
      label: f.monthName(m),
      csvLabel: CSV_MONTHS[m - 1],
      align: 'end',
      sortValue: (r) => r.values[m - 1] ?? null,
      text: (r) => f.percent(r.values[m - 1], 1),
      csvValue: (r) => r.values[m - 1],
      unit: 'fraction',
      // the mean beside how many complete months it averages and how many rose
      render: (r) => (
        <>
          {f.percent(r.values[m - 1], 1)}
          <span className="d-block small">
            {i18n.t('heatmaps:seasonality.cell', {
              n: r.counts[m - 1] ?? 0,
              winRate: f.percent(r.winRates[m - 1], 0, false),
            })}
          </span>
        </>
      ),
      // black on the colours: 4.5:1 or more on the whole scale (the body grey is 4.3:1 on full red)
      style: (r) => ({ backgroundColor: changeColor(r.values[m - 1], 0.04), color: '#000' }),
    })),
  ];
}
