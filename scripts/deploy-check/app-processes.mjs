// The app as the guide installs it: its settings file, the CLI wrapper, and its processes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REDIS_URL, ROOT } from './options.mjs';
import { run, startProcess, waitFor } from './processes.mjs';
import { done, step } from './report.mjs';

/**
 * Writes what /etc/solstice/solstice.env holds in the guide, plus what the unit sets; answers
 * that file and the environment of an app process.
 */
export function writeSettings({ dir, publicUrl, dbUrl, metricsToken }) {
  const settings = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PUBLIC_URL: publicUrl,
    TRUST_PROXY: 'true',
    DATABASE_URL: dbUrl.toString(),
    REDIS_URL,
    BILLING_TEST_MODE: 'true',
    METRICS_TOKEN: metricsToken,
    LOG_LEVEL: 'info',
    MAIL_FROM: 'Solstice <noreply@solstice.example>',
    IMPORT_DIR: path.join(dir, 'imports'),
  };
  const envFile = path.join(dir, 'solstice.env');
  fs.writeFileSync(
    envFile,
    Object.entries(settings)
      .map(([k, v]) => `${k}=${v}\n`)
      .join(''),
  );
  const env = { PATH: process.env.PATH, HOME: process.env.HOME ?? dir, ...settings };
  return { envFile, env };
}

export function migrateAndSeed(envFile, home) {
  step('solstice db migrate && solstice seed, through deploy/solstice (the CLI wrapper)');
  const cli = (...argv) =>
    run(
      path.join(ROOT, 'deploy/solstice'),
      argv,
      {
        PATH: process.env.PATH,
        HOME: home,
        SOLSTICE_ENV_FILE: envFile,
        SOLSTICE_DIR: ROOT,
        SOLSTICE_USER: os.userInfo().username,
      },
      `solstice ${argv.join(' ')}`,
    );
  cli('db', 'migrate');
  const seeded = cli('seed').trim().split('\n').at(-1);
  done(seeded);
}

/** Starts an app process on each port, adding it to `processes` at once (the caller stops them). */
export async function startApps(processes, ports, env, dir) {
  step(`two app processes on :${ports[0]} and :${ports[1]}`);
  for (const port of ports) {
    processes.push(
      startProcess(
        `app:${port}`,
        process.execPath,
        ['apps/server/dist/main.js'],
        { ...env, PORT: String(port) },
        path.join(dir, `app-${port}.log`),
      ),
    );
  }
  for (const [i, port] of ports.entries()) {
    await waitFor(
      `app on :${port} ready`,
      async () => (await fetch(`http://127.0.0.1:${port}/api/ready`)).status === 200,
      120_000,
      processes[i],
    );
  }
  done();
}
