// English texts of the 'stats' namespace. Keys are the contract; tr/stats.ts must have the same.
export default {
  definitions: {
    count: { label: 'Years', meaning: 'Number of years in which the window could be measured (the sample size).' },
    winners: { label: 'Winners', meaning: 'Years whose return was above zero.' },
    losers: { label: 'Losers', meaning: 'Years whose return was below zero.' },
    winRate: { label: 'Win rate', meaning: 'Share of the years with a return above zero: winners ÷ years.' },
    mean: { label: 'Mean', meaning: 'Average of the yearly returns.' },
    median: {
      label: 'Median',
      meaning: 'Middle yearly return (mean of the two middle ones when the count is even).',
    },
    stdDev: {
      label: 'Std. dev.',
      meaning: 'Sample standard deviation of the yearly returns (n − 1); how much the years differ.',
    },
    min: { label: 'Worst', meaning: 'Lowest yearly return.' },
    max: { label: 'Best', meaning: 'Highest yearly return.' },
    avgGain: { label: 'Avg. gain', meaning: 'Mean return of the winning years (none when no year rose).' },
    avgLoss: { label: 'Avg. loss', meaning: 'Mean return of the losing years (none when no year fell).' },
    annualized: {
      label: 'Annualized',
      meaning: 'Mean return scaled to a year: (1 + mean)^(365 ÷ calendar days) − 1.',
    },
    sharpe: {
      label: 'Sharpe',
      meaning: 'Mean ÷ standard deviation × √(365 ÷ calendar days): return per unit of risk, annualized.',
    },
    calendarDays: { label: 'Calendar days', meaning: 'Length of the window in days of a non-leap year.' },
    tradingDays: { label: 'Trading days', meaning: 'Trading days after the entry up to and including the exit.' },
    pValue: {
      label: 'p-value',
      meaning:
        "Chance of at least this many winning years if the window were no better than any window of the same length for this symbol (one-sided binomial test against the symbol's base rate). Below 0.05 is commonly called significant.",
    },
    withoutBest: {
      label: 'Mean w/o best',
      meaning: 'Mean return with the single best year left out: does the pattern rest on one lucky year?',
    },
    recent: {
      label: 'Recent win rate',
      meaning: 'Win rate over the last five years (or fewer when there are fewer).',
    },
    return: { label: 'Return', meaning: 'Close at exit ÷ close at entry − 1 (negated for a short window).' },
    maxRise: { label: 'Max rise', meaning: 'Highest close inside the window relative to the entry close.' },
    maxDrop: { label: 'Max drop', meaning: 'Lowest close inside the window relative to the entry close.' },
    mae: {
      label: 'Worst',
      meaning:
        'Maximum adverse excursion (MAE): how far the close went against the holder inside the window, from the entry close, and the day it happened (trading days after entry).',
    },
    mfe: {
      label: 'Best',
      meaning:
        'Maximum favourable excursion (MFE): how far the close went in the holder’s favour inside the window, and the day it happened.',
    },
    riskRange: {
      label: 'Range',
      meaning: 'The year from its worst close (MAE) to its best (MFE); the mark is the exit.',
    },
    meanMae: { label: 'Mean MAE', meaning: 'Average over the years of how far the close went against the holder.' },
    medianMae: { label: 'Median MAE', meaning: 'Middle MAE of the years.' },
    worstMae: { label: 'Worst MAE', meaning: 'The deepest a year went against the holder, and that year.' },
    meanMfe: { label: 'Mean MFE', meaning: 'Average over the years of how far the close went in the holder’s favour.' },
    medianMfe: { label: 'Median MFE', meaning: 'Middle MFE of the years.' },
    returnToRisk: {
      label: 'Return/risk',
      meaning:
        'Mean return ÷ |mean MAE|: return per unit of what holding it cost. None when no close ever went against the trade.',
    },
    relative: {
      label: 'vs. benchmark',
      meaning:
        "The symbol's return minus the benchmark index's return (SPY, else the S&P 500) over the same dates, in the years both have.",
    },
  },
  weakness: {
    fewYears: 'only {{count}} years of history (fewer than {{min}})',
    chance: 'the win rate could well be chance (p-value {{pValue}} is above {{max}})',
    withoutBest: 'without its best year the average return is not positive',
    searched: 'among all the windows tested, a result this good could be chance (q-value {{qValue}} is above {{max}})',
  },
  significance: {
    ok: 'This pattern passes the sample-size, p-value and without-best-year checks.',
    weak: 'Weak pattern:',
    caution: '{{reasons}}. Treat it with caution.',
  },
  panel: 'Statistics',
  signal: {
    column: 'Signal',
    Buy: 'Buy',
    Sell: 'Sell',
    'No edge': 'No edge',
  },
  risk: {
    day: 'day {{day}}',
    dayTitle: '{{date}}, {{day}} trading days after entry',
    noRisk: 'never against',
    noRiskHelp: 'No close went against the trade in any year: ranked first by return per risk.',
    range: '{{year}}: worst {{mae}}, best {{mfe}}, exit {{exit}}',
    worstYear: '{{mae}} ({{year}})',
  },
  rank: {
    label: 'Rank by',
    winRate: 'Win rate',
    returnToRisk: 'Return per risk',
  },
  columns: {
    start: 'Start',
    end: 'End',
    days: 'Days',
    check: 'Check',
    weak: 'Weak',
    weakReasons: 'Weak: {{reasons}}',
    ok: 'OK',
  },
};
