// English texts of the 'calendar' namespace. Keys are the contract; tr/calendar.ts must have the same.
export default {
  title: 'Calendar',
  tool: {
    title: 'Seasonal calendar',
    description:
      'Every month of every year of a symbol in one heat table, with each month’s average, median and share of rising years: see at a glance which months tend to be strong or weak.',
    features: {
      table: 'Year × month heat table',
      stats: 'Monthly mean, median, % positive',
      csv: 'Export to CSV',
    },
  },
  form: {
    label: 'Calendar form',
    symbol: 'Symbol',
    from: 'From year',
    to: 'To year',
    all: 'all',
    submit: 'Show calendar',
  },
  hint: 'Choose a symbol, then “Show calendar”.',
  empty: "No complete month in this symbol's history for these years.",
  grid: {
    title: 'Monthly returns',
    caption: 'Monthly returns of {{symbol}}',
    year: 'Year',
    toDate: 'to date',
    withToDate: '{{value}} (to date)',
    partialMonth: 'The month of the latest bar: not complete, left out of every statistic',
  },
  summary: {
    title: 'Each month over the years',
    completeNote:
      'Complete months only: the month and the year of the latest bar are shown “to date” above and left out of these statistics.',
    chartLabel: 'Average monthly return of {{symbol}}',
    caption: 'Monthly statistics of {{symbol}}',
    month: 'Month',
    positive: '% positive',
    mean: 'Mean',
    median: 'Median',
  },
};
