// Issue 41's case, through the command line: one account with 100 seasonal alerts (1 to 364
// days, any win rate, both directions) on a watchlist of every symbol of the shared data,
// replayed for one session with `solstice alerts run --as-of`. Imports the shared data into a
// new SQLite database first (not timed), then times the run (the whole process: evaluation
// and the triggers written).
// Run: npm run build -w @solstice/server && npx tsx bench/seasonal-alerts-cli.ts [YYYY-MM-DD]
//   SOLSTICE_CLI=<path of a built cli.js> measures another build (default apps/server/dist/cli.js).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../apps/server/src/db/database.js';
import { insertWatchlist } from '../apps/server/src/modules/watchlists/watchlists.repository.js';
import { alertRow, createUser } from '../apps/server/src/testing/factories.js';
import { runCli } from './cli-process.js';
import { SEASONAL_ALERTS, SEASONAL_CRITERIA } from './seasonal-alerts-case.js';
import { DATA } from './shared-universe.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const CLI = process.env.SOLSTICE_CLI ?? path.join(ROOT, 'apps/server/dist/cli.js');
const asOf = process.argv[2] ?? '2017-10-16';

const cli = (args: string[]) => runCli(CLI, args);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'solstice-bench-seasonal-'));
const url = `file:${path.join(dir, 'bench.sqlite')}`;
try {
  const imported = await cli(['import', DATA, '--db', url, '--json']);
  if (imported.status !== 0) throw new Error(`import failed: ${imported.stderr.slice(0, 2000)}`);
  const { db } = await openDatabase(url);
  const symbols = fs
    .readdirSync(path.join(DATA, 'daily'))
    .filter((f) => f.endsWith('.csv'))
    .map((f) => ({ sym: f.slice(0, -'.csv'.length) }));
  const user = await createUser(db, { role: 'admin' });
  const list = await insertWatchlist(db, user.id, { name: 'Everything', symbols });
  for (let i = 0; i < SEASONAL_ALERTS; i++)
    await db
      .insertInto('alerts')
      .values(
        alertRow(user.id, {
          name: `Seasonal ${i + 1}`,
          kind: 'seasonal',
          watchlist_id: list.id,
          params: JSON.stringify(SEASONAL_CRITERIA),
        }),
      )
      .execute();
  await db.destroy();
  const run = await cli(['alerts', 'run', '--as-of', asOf, '--db', url, '--json']);
  if (run.status !== 0) throw new Error(`alerts run failed: ${run.stderr.slice(0, 2000)}`);
  const result = JSON.parse(run.stdout) as { alerts: number; recorded: number; triggers: unknown[] };
  process.stderr.write(`${symbols.length} symbols, ${result.alerts} alerts, as of ${asOf}\n`);
  console.log(
    JSON.stringify({
      seasonal_alerts_run_s: Math.round(run.seconds * 10) / 10,
      triggers: result.triggers.length,
      recorded: result.recorded,
    }),
  );
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
