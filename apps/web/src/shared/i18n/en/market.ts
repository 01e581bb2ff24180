// English texts of the 'market' namespace. Keys are the contract; tr/market.ts must have the same.
export default {
  title: 'Market',
  empty: 'No market data yet. An administrator can import prices.',
  asOf: 'As of {{date}}',
  groups: {
    price: 'Price',
    lastBar: 'Last bar',
    caption: '{{group}}: each at its latest bar',
  },
  movers: {
    close: 'Close',
    gainers: 'Top gainers',
    losers: 'Top losers',
    mostActive: 'Most active',
  },
  breadth: {
    title: 'Breadth ({{n}} stocks)',
    none: 'No stock has a bar on this date: nothing to count.',
    chartLabel: 'Advancers, decliners and unchanged',
    advancers: 'Advancers',
    decliners: 'Decliners',
    unchanged: 'Unchanged',
    advancersDecliners: 'Advancers / decliners',
    unchangedCount: '({{n}} unchanged)',
    aboveSma50: 'Above 50-day average',
    aboveSma200: 'Above 200-day average',
    highsLows: 'New 52-week highs / lows',
  },
  sectors: {
    title: 'Sector performance',
    period: 'Period',
    chartLabel: 'Sector performance over {{period}}',
    caption: 'Sector performance, {{weighting}}',
    stocks: 'Stocks',
  },
  index: {
    today: '{{change}} today',
    perf: '1W {{w1}} · 1M {{m1}} · YTD {{ytd}}',
    asOf: 'as of {{date}}',
  },
};
