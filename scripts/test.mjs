// `npm test`: every test of Solstice (unit, integration on SQLite and PostgreSQL, end-to-end
// in Chromium) in one run. Extra arguments go to Vitest (e.g. `npm test -- --project server`).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const args = process.argv.slice(2);
const wantsE2e = args.length === 0 || args.some((a) => a.includes('e2e'));

function run(command, commandArgs, options = {}) {
  const result = spawnSync(command, commandArgs, { stdio: 'inherit', cwd: root, ...options });
  return result.status ?? 1;
}

function ensureChromium() {
  if (fs.existsSync(chromium)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `Chromium is missing at ${chromium} and this user is not root.\n` +
        "Install it from Debian's packages and run the tests again:\n  sudo apt-get install -y chromium",
    );
    process.exit(1);
  }
  console.log(`Chromium is missing at ${chromium}: installing it from Debian's packages…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (
    run('apt-get', ['update', '-qq'], { env }) !== 0 ||
    run('apt-get', ['install', '-y', '-qq', 'chromium'], { env }) !== 0
  ) {
    console.error('Could not install chromium with apt-get; install it by hand: apt-get install -y chromium');
    process.exit(1);
  }
}

if (wantsE2e) {
  ensureChromium();
  // End-to-end tests run against the built app: build what is in the tree now.
  if (run('npm', ['run', 'build', '--silent']) !== 0) {
    console.error('The build failed; end-to-end tests need it.');
    process.exit(1);
  }
}

const reportFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'solstice-vitest-')), 'report.json');
const status = run(process.execPath, [
  path.join(root, 'node_modules/vitest/vitest.mjs'),
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${reportFile}`,
  ...args,
]);

// Where the run's time went: the ten files that took longest (wall time of each file, which
// overlaps with the others' since files run side by side).
function printSlowestFiles(results) {
  const timed = results
    .filter((r) => typeof r.startTime === 'number' && typeof r.endTime === 'number')
    .map((r) => ({ file: path.relative(root, r.name), seconds: (r.endTime - r.startTime) / 1000 }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, 10);
  if (timed.length === 0) return;
  console.log('\nSlowest test files (wall time):');
  for (const { file, seconds } of timed) console.log(`  ${seconds.toFixed(1).padStart(7)} s  ${file}`);
}

let passed = 0;
let failed = 0;
let skipped = 0;
if (fs.existsSync(reportFile)) {
  const report = JSON.parse(fs.readFileSync(reportFile, 'utf8'));
  passed = report.numPassedTests ?? 0;
  failed = report.numFailedTests ?? 0;
  // A file that failed to load has no failed test of its own: count the file.
  if (failed === 0) failed = report.numFailedTestSuites ?? 0;
  skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  printSlowestFiles(report.testResults ?? []);
}
const total = passed + failed;
if (status !== 0 && failed === 0) failed = 1; // a run that failed outside any test still fails
console.log(`\nTests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
if (total === 0) {
  console.error('No test ran.');
  process.exit(1);
}
process.exit(status === 0 && failed === 0 ? 0 : 1);
