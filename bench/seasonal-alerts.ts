// Seasonal alerts at scale (issue 41): one subscriber with 100 seasonal alerts (1 to 364
// days, any win rate, both directions) on every symbol of the shared universe, evaluated as
// of one session the way the job does (prepareAlertsAsOf, chunks of 250): the analytics'
// share of `solstice alerts run --as-of`, without the database.
// Run: npx tsx bench/seasonal-alerts.ts [YYYY-MM-DD]  → prints {"seasonal_alerts_eval_ms": …, …}
import { prepareAlertsAsOf, isoDate, type AlertSpec } from '@solstice/analytics';
import { SEASONAL_ALERTS as ALERTS, SEASONAL_CRITERIA } from './seasonal-alerts-case.js';
import { readUniverse } from './shared-universe.js';

const universe = readUniverse();
const symbols = universe.map((u) => u.instrument.symbol);
const asOf = process.argv[2] ?? isoDate(Math.max(...universe.map((u) => u.series.dates[u.series.dates.length - 1]!)));

const specs: AlertSpec[] = Array.from({ length: ALERTS }, (_, k) => ({
  id: k + 1,
  kind: 'seasonal',
  symbols,
  criteria: SEASONAL_CRITERIA,
}));

const start = performance.now();
const cpu = process.cpuUsage();
const prepared = prepareAlertsAsOf(universe, asOf, false);
let triggers = 0;
for (let i = 0; i < specs.length; i += 250) triggers += prepared.evaluate(specs.slice(i, i + 250)).length;
const ms = performance.now() - start;
const used = process.cpuUsage(cpu);
const cpuMs = (used.user + used.system) / 1000;
process.stderr.write(
  `seasonal alerts: ${symbols.length} symbols, ${ALERTS} alerts, as of ${asOf}: ${triggers} triggers\n`,
);
// The CPU time too: on a shared machine the wall time also counts other processes' turns.
console.log(
  JSON.stringify({
    seasonal_alerts_eval_ms: Math.round(ms),
    seasonal_alerts_eval_cpu_ms: Math.round(cpuMs),
    seasonal_alerts_triggers: triggers,
  }),
);
