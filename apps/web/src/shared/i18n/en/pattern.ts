// English texts of the 'pattern' namespace. Keys are the contract; tr/pattern.ts must have the same.
export default {
  title: 'Pattern',
  tool: {
    title: 'Seasonal pattern',
    description:
      'Pick a symbol and a date window (for example 11-01 to 12-31) to see how it did in that window in every past year: entry and exit, return, maximum rise and drop, and the statistics with a significance check.',
    features: {
      table: 'Per-year table and bar chart',
      stats: 'Win rate, mean, median, Sharpe, p-value',
      benchmark: 'Returns against the S&P 500',
    },
  },
  form: {
    label: 'Pattern form',
    symbol: 'Symbol',
    start: 'Start (MM-DD)',
    end: 'End (MM-DD)',
    mmdd: 'MM-DD',
    from: 'From year',
    to: 'To year',
    all: 'all',
    direction: 'Direction',
    long: 'Long',
    short: 'Short',
    submit: 'Show pattern',
  },
  hint: 'Choose a symbol and a window, then “Show pattern”.',
  empty: "No year of this symbol's history covers the whole window. Try another window or fewer years.",
  result: {
    alertMe: 'Alert me before it opens',
    benchmark:
      'mean return against {{benchmark}} over the {{years}} years both have ({{first}}–{{last}}): {{symbol}} mean {{symbolMean}}',
    benchmarkStats: ', {{benchmark}} mean {{mean}} (win rate {{winRate}})',
    noBenchmark: 'no benchmark data for these years.',
    yearlyReturns: 'Yearly returns of {{symbol}}',
    scatterLabel: 'Return against max drop of {{symbol}}',
    scatterTooltip: '{{year}}: return {{return}}, max drop {{maxDrop}}',
  },
  table: {
    year: 'Year',
    entry: 'Entry',
    exit: 'Exit',
    entryClose: 'Entry close',
    exitClose: 'Exit close',
    return: 'Return',
    maxDrop: 'Max drop',
  },
};
