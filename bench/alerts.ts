// Alert evaluation benchmark (issue 16): 10,000 alerts of the three kinds over the shared
// universe, evaluated as of its last session (the day one new bar arrived), the way the job
// runs them: the two field tables once, in steps, then the alerts in chunks, with a yield
// between every step (alerts_longest_block_ms: the longest the event loop waits).
// Run: npx tsx bench/alerts.ts  → prints {"alerts_eval_10k_ms": …, …}
import { alertTablesSteps, compileScan, prepareAlertsAsOf, isoDate, type AlertSpec } from '@solstice/analytics';
import { readUniverse } from './shared-universe.js';

const ALERTS = 10_000;
const CHUNK = 250;

const t0 = performance.now();
const universe = readUniverse();
const loadMs = performance.now() - t0;
const symbols = universe.map((u) => u.instrument.symbol);
const asOf = isoDate(Math.max(...universe.map((u) => u.series.dates[u.series.dates.length - 1]!)));

// A realistic mix: mostly distinct expressions (users write their own), on every symbol.
const specs: AlertSpec[] = [];
for (let k = 0; k < ALERTS; k++) {
  const symbol = symbols[k % symbols.length]!;
  if (k % 10 < 4) {
    const expression = [
      `rsi14 < ${20 + (k % 40)}`,
      `change1d > ${((k % 50) / 1000).toFixed(3)} and relVolume > 1.${k % 9}`,
      `close crosses above sma${[20, 50, 200][k % 3]}`,
      `close > sma200 and rsi14 > ${40 + (k % 30)}`,
    ][k % 4]!;
    specs.push({ id: k, kind: 'scan', scan: compileScan(expression), onExit: k % 2 === 0 });
  } else if (k % 10 < 9) {
    const expression = [`close > ${(k % 300) + 1}`, 'close crosses above sma50', `rsi14 < ${25 + (k % 20)}`][k % 3]!;
    specs.push({ id: k, kind: 'condition', scan: compileScan(expression), symbols: [symbol] });
  } else {
    specs.push({
      id: k,
      kind: 'seasonal',
      symbols: [symbol],
      criteria: {
        leadDays: 1 + (k % 10),
        minDays: 10,
        maxDays: 30 + (k % 30),
        minWinRate: 0.7,
        minYears: 10,
        maxPValue: k % 2 === 0 ? 0.1 : null,
        direction: (['long', 'short', 'both'] as const)[k % 3]!,
      },
    });
  }
}

let longestChunk = 0;
const tablesStart = performance.now();
const steps = alertTablesSteps(universe, asOf);
let step = steps.next();
while (!step.done) {
  await new Promise((resolve) => setImmediate(resolve));
  const c = performance.now();
  step = steps.next();
  longestChunk = Math.max(longestChunk, performance.now() - c);
}
const prepared = prepareAlertsAsOf(universe, asOf, true, step.value);
const tablesMs = performance.now() - tablesStart;
let triggers = 0;
const evalStart = performance.now();
for (let i = 0; i < specs.length; i += CHUNK) {
  const c = performance.now();
  triggers += prepared.evaluate(specs.slice(i, i + CHUNK)).length;
  longestChunk = Math.max(longestChunk, performance.now() - c);
  await new Promise((resolve) => setImmediate(resolve));
}
const evalMs = performance.now() - evalStart;

process.stderr.write(
  `alerts: ${universe.length} symbols loaded in ${(loadMs / 1000).toFixed(1)} s; as of ${asOf}: ${specs.length} alerts, ${triggers} triggers\n`,
);
console.log(
  JSON.stringify({
    alerts_eval_10k_ms: Math.round(tablesMs + evalMs),
    alerts_tables_ms: Math.round(tablesMs),
    alerts_longest_block_ms: Math.round(longestChunk),
    alerts_triggers: triggers,
  }),
);
