// English texts of the 'heatmaps' namespace. Keys are the contract; tr/heatmaps.ts must have the same.
export default {
  title: 'Heatmaps',
  periods: {
    '1d': '1D',
    '1w': '1W',
    '1m': '1M',
    '3m': '3M',
    '6m': '6M',
    ytd: 'YTD',
    '1y': '1Y',
  },
  sizes: {
    marketcap: 'Market cap',
    dollarvolume: 'Dollar volume',
    equal: 'Equal',
  },
  filters: {
    period: 'Period',
    sizeBy: 'Size by',
    universe: 'Universe',
    allStocks: 'All stocks',
    watchlist: 'Watchlist: {{name}}',
    sector: 'Sector',
    allSectors: 'All sectors',
  },
  noMarketCaps: 'This data has no market caps, so the map cannot be sized by them.',
  sizeByDollarVolume: 'Size by dollar volume',
  emptyMarketCap: 'Nothing to size by market cap.',
  empty: 'No stock in this universe has prices for this period.',
  asOf: 'As of {{date}}',
  backToAll: '← All sectors',
  legend: {
    label: 'Colour scale for {{period}}',
    change: '{{period}} change:',
  },
  tooltip: {
    last: 'Last',
    volume: 'Volume',
    change: 'Change',
    size: 'Size',
  },
  map: {
    label: 'Heatmap of {{sector}}',
    labelAll: 'Heatmap of all sectors',
    labelGroup: 'Heatmap of {{group}}',
  },
  groups: {
    note: 'Each at its own latest bar, tiles of one size.',
  },
  bars: {
    sectorTitle: '{{sector}}: stocks by change',
    title: 'Sectors by change ({{weighting}})',
    caption: 'Sorted by change',
    stock: 'Stock',
    sector: 'Sector',
  },
  grid: {
    title: 'Sectors over periods ({{weighting}})',
    caption: 'Sector × period, {{weighting}}',
  },
  seasonality: {
    title: 'Seasonality: average return by month',
    note: 'Complete months only (the month to date is left out); under each mean, the number of months and the share that rose.',
    caption: 'Symbol × month average return',
    cell: '{{n}}× · {{winRate}}',
  },
};
