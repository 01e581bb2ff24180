// English texts of the 'bestTrades' namespace. Keys are the contract; tr/bestTrades.ts must have the same.
export default {
  title: 'Best trades',
  tool: {
    title: 'Best trades',
    description:
      'The strongest long and short seasonal windows of a symbol: every start day and holding period you allow is tested over the years and the best non-overlapping windows are ranked by win rate and average return.',
    features: {
      directions: 'Long and short windows',
      stats: 'Win rate, mean, p-value, result without the best year',
      pattern: 'Open any window as a pattern',
    },
  },
  form: {
    label: 'Best trades form',
    symbol: 'Symbol',
    minDays: 'Min days',
    maxDays: 'Max days',
    from: 'From year',
    to: 'To year',
    minYears: 'Min years',
    top: 'Top',
    all: 'all',
    minYearsPlaceholder: 'most − 2',
    submit: 'Find best trades',
  },
  errors: {
    days: 'A whole number of days, at least 1',
    maxBelowMin: 'Must be at least the minimum',
    wholeNumber: 'A whole number',
  },
  hint: 'Choose a symbol and the holding period, then “Find best trades”.',
  empty: 'No window has enough years of history. Lower the minimum years or widen the years.',
  table: {
    pattern: 'Pattern',
    open: 'Open',
    openLabel: 'Open the pattern {{start}} to {{end}}',
    alert: 'Alert',
    alertLabel: 'Alert before {{start}} to {{end}} opens',
  },
  long: {
    title: 'Long windows',
    caption: 'Best long windows',
  },
  short: {
    title: 'Short windows',
    caption: 'Best short windows',
  },
};
