// English texts of the 'chart' namespace. Keys are the contract; tr/chart.ts must have the same.
export default {
  title: 'Seasonality',
  tool: {
    title: 'Seasonal chart',
    description:
      'The average path of a symbol through the calendar year over the years you choose, optionally detrended, with this year drawn on top and the S&P 500 for comparison.',
    features: {
      average: 'Average year, detrended or not',
      thisYear: 'This year overlaid',
      benchmark: 'Compared with the S&P 500',
    },
  },
  form: {
    label: 'Seasonal chart form',
    symbol: 'Symbol',
    from: 'From year',
    to: 'To year',
    all: 'all',
    compare: 'Compare with',
    comparePlaceholder: 'symbol',
    benchmark: 'Benchmark',
    submit: 'Show chart',
    symbolError: 'A symbol such as XLP',
  },
  toggles: {
    detrended: 'Detrended',
    years: 'Each year',
    median: 'Median',
  },
  hint: 'Choose a symbol, then “Show chart”.',
  empty: 'This symbol has no complete calendar year in the chosen range.',
  compareError: 'No seasonal chart for {{symbol}}: {{message}}',
  summary: {
    years: '{{n}} years used ({{span}}). Average year',
    detrended: ' (detrended)',
    benchmark: 'Against {{benchmark}} over the {{n}} years both use ({{span}}):',
    noBenchmark: '{{benchmark}} has none of these years: no comparison.',
    compare: '{{symbol}}: {{n}} years used ({{span}}), average year',
    dragHint: 'Drag across the chart to select a window and see its statistics; the wheel and the slider zoom.',
  },
  chartLabel: 'Seasonal chart of {{symbol}}',
  series: {
    average: '{{symbol}} average',
    averageYears: '{{symbol}} average ({{span}})',
    versus: '{{symbol}} vs {{benchmark}} ({{span}})',
    median: '{{symbol}} median',
  },
  window: {
    label: 'Selected window',
    title: 'Window {{start}} – {{end}}',
    openPattern: 'Open in Pattern',
    clear: 'Clear the selection',
    computing: 'Computing the window’s statistics…',
    noYear: 'No year of this symbol’s history covers the whole window.',
  },
};
