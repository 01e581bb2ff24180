// English texts of the 'stats' namespace. Keys are the contract; tr/stats.ts must have the same.
// The glossary of the statistics (a label and a meaning each) is data: stats-definitions.json.
import definitions from './stats-definitions.json';

export default {
  definitions,
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
