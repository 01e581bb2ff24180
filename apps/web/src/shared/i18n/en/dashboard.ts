// English texts of the 'dashboard' namespace. Keys are the contract; tr/dashboard.ts must have the same.
export default {
  title: 'Dashboard',
  summary: {
    title: 'Market summary',
    empty: 'No market data yet.',
    asOf: 'As of {{date}}',
    marketView: 'Market view',
    heatmaps: 'Heatmaps',
  },
  watchlists: {
    title: 'Watchlists',
    last: 'Last',
    change: 'Change',
    asOf: 'As of',
    days_one: '{{count}} day',
    days_other: '{{count}} days',
    unknown: 'Unknown symbol: not in the market data.',
    noPrices: 'No prices for this symbol yet.',
    noData: 'no data',
    error: 'error',
  },
  upcoming: {
    title: 'Upcoming seasonal opportunities',
    intro: 'Windows of your watchlist symbols opening in the next {{days}} days (win rate ≥ 60 %).',
    noSymbols: 'Add symbols to a watchlist to see their seasonal windows.',
    subscribe:
      'Seasonal windows of your symbols are part of the subscription. <anchor>Subscribe</anchor> to see them here.',
    none: 'No strong seasonal window opens soon for your symbols.',
    symbol: 'Symbol',
    side: 'Side',
    window: 'Window',
    pattern: 'Pattern',
    caption: 'Upcoming seasonal opportunities',
  },
  lastScan: {
    title: 'Last scan',
    empty: 'Run a scan and its symbols show here: <anchor>open the scanner</anchor>.',
    count_one: '{{count}} symbol matched',
    count_other: '{{count}} symbols matched',
    open: 'Open the scanner',
    remove: 'Remove {{symbol}} from the list',
  },
  saved: {
    title: 'Saved scans',
    empty: 'No saved scan yet. Build one in the <anchor>scanner</anchor> and save it.',
  },
};
