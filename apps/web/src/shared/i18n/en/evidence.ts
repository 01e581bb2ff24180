// English texts of the 'evidence' namespace: year sets, multiple testing (tested, qValue) and
// walk-forward, shared by the seasonality screens. Keys are the contract; tr/evidence.ts must have the same.
export default {
  yearSet: {
    legend: 'Year set',
    cycle: 'Presidential cycle',
    cycles: {
      election: 'Election year',
      'post-election': 'Post-election year',
      midterm: 'Midterm year',
      'pre-election': 'Pre-election year',
    },
    parity: 'Odd or even years',
    parities: {
      all: 'All years',
      odd: 'Odd years',
      even: 'Even years',
    },
    exclude: 'Exclude years',
    excludePlaceholder: 'e.g. 2008,2020',
    excludeError: 'Years separated by commas, e.g. 2008,2020',
  },
  rollAdjust: {
    label: 'Roll adjustment',
    hint: 'Removes the jumps at suspected contract rolls before computing',
    modes: {
      none: 'None',
      ratio: 'Ratio',
      difference: 'Difference',
    },
  },
  tested: {
    summary: 'Best of {{n}} windows tested',
    explanation:
      'The more windows are searched, the more look good by luck: the q-value counts that search, and a q-value above 0.10 means the result could be chance.',
  },
  qValue: {
    column: 'q-value',
    columnHelp: 'The p-value adjusted for the number of windows tested (Benjamini–Hochberg)',
    max: 'Max q-value',
    maxPlaceholder: 'Any',
    maxError: 'A number from 0 to 1, e.g. 0.1',
    chance: 'Could be chance',
    chanceHelp: 'q-value {{q}} is above 0.10: among this many windows tested, such a result can appear by luck alone.',
  },
  walkForward: {
    title: 'Out of sample (walk-forward)',
    intro:
      'Each year is traded with the best window chosen on the {{n}} or more years before it only, as you would have chosen it then.',
    direction: 'Side',
    long: 'Long',
    short: 'Short',
    /** The side inside a sentence (chartLabel). */
    sideInText: { long: 'long', short: 'short' },
    comparison: 'In sample against out of sample',
    measure: 'Measure',
    inSample: 'In sample',
    outOfSample: 'Out of sample',
    winRate: 'Win rate',
    mean: 'Mean return',
    trials: 'Years traded',
    trialsCaption: 'The out-of-sample years, each with the window chosen before it',
    year: 'Year',
    window: 'Window',
    days: 'Days',
    return: 'Return',
    none: 'No year could be traded out of sample: too few years before each one.',
    chartLabel: 'Cumulative out-of-sample return, {{side}}: {{total}} over {{n}} years ({{years}})',
    cumulative: 'Cumulative',
    loading: 'Computing the out-of-sample test…',
    failed: 'The out-of-sample test failed: {{message}}',
  },
  luck: {
    title: 'Is it luck?',
    intro: 'The top window of this search ({{window}}), deflated by the {{n}} windows searched.',
    legsIntro:
      "Each leg's window deflated by the search it came from (best trades or the scanner), or else by every window of its length.",
    legToggle: 'Is it luck? {{leg}}',
    legName: '{{symbol}} {{start}} → {{end}} {{side}}',
    legIntroSearch:
      "This leg's window ({{window}}), deflated by the {{n}} windows of the search it came from ({{min}} to {{max}} days, {{sides}}).",
    legIntroOwn:
      "This leg's window ({{window}}), deflated by the {{n}} windows of its length ({{days}} days, both sides).",
    side: { long: 'long', short: 'short' },
    sides: { long: 'long side', short: 'short side', both: 'both sides' },
    aloneConvincing: "Tried alone, this window's edge would be convincing (PSR {{psr}}).",
    aloneWeak: "Tried alone, this window's edge would not be convincing (PSR {{psr}}).",
    deflatedByLuck:
      "Among the {{n}} windows searched, the best one is expected to look this good by luck; the chance that this one's edge is real is {{dsr}}.",
    deflatedAbove:
      "Among the {{n}} windows searched, the best one is expected to reach a Sharpe ratio of {{sr0}} by luck, and this one's is {{sharpe}}; the chance that its edge is real is {{dsr}}.",
    noSharpe: 'Its returns have no spread to measure a Sharpe ratio with, so it cannot be deflated.',
    pbo: 'Choosing the best window on half of the years and checking it on the other half, the choice landed in the bottom half {{pbo}} of the time (PBO). Above 50 % means the search picks noise.',
    noPbo: 'Too few years to split into {{blocks}} blocks: no PBO.',
    realityCheck:
      "The best of {{n}} windows beats {{symbol}}'s drift at p = {{p}}; alone it would have been p = {{naive}}.",
    realityCheckWindow:
      'Best mean excess over the drift: {{window}}, {{excess}} a year (Reality Check, {{b}} resamples).',
    details: 'Details',
    numbers: 'The numbers behind it',
    trials: 'Windows searched (trials)',
    sharpe: 'Sharpe ratio per trade',
    expectedMax: 'Expected best Sharpe ratio by luck (SR0)',
    variance: 'Variance of the Sharpe ratios',
    skewness: 'Skewness',
    kurtosis: 'Kurtosis',
    observations: 'Years',
    blocks: 'Blocks',
    splits: 'Splits (overfit / all)',
    loading: 'Checking the search for luck…',
    failed: 'The luck check failed: {{message}}',
  },
};
