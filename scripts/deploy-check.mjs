#!/usr/bin/env node
// Follows docs/deploy.md on this machine and checks that it works: builds, creates a fresh
// PostgreSQL database, loads the embedded data with the CLI, starts two production app
// processes (PostgreSQL, Redis, test-mode payments) behind a local nginx that runs the
// repository's deploy/nginx configuration, then signs up, pays in test mode (4242…), runs a
// scan, checks that both processes served requests, restarts one under traffic, and tears
// everything down. Nothing outside a temporary folder and that database is touched.
//
//   node scripts/deploy-check.mjs [--no-build] [--keep]
//
// Needs: nginx (apt-get install nginx), PostgreSQL (DEPLOY_CHECK_POSTGRES_URL, default
// postgres://postgres@127.0.0.1:5432/postgres; a role that may CREATE DATABASE), Redis
// (DEPLOY_CHECK_REDIS_URL, default redis://127.0.0.1:6379). openssl and caddy are optional
// (the HTTPS site file and the Caddyfile are then validated too).
// Its steps are in scripts/deploy-check/.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../apps/server/src/testing/server-process.mjs';
import { migrateAndSeed, startApps, writeSettings } from './deploy-check/app-processes.mjs';
import { admin } from './deploy-check/backing-services.mjs';
import { checkConfigFiles } from './deploy-check/config-files.mjs';
import { client } from './deploy-check/http-client.mjs';
import { checkProxy, scan, signUp, subscribe } from './deploy-check/journey.mjs';
import { proxyReady, startProxy } from './deploy-check/nginx-proxy.mjs';
import { KEEP, POSTGRES_URL } from './deploy-check/options.mjs';
import { checkBuild, checkPrerequisites } from './deploy-check/prerequisites.mjs';
import { stopProcess } from './deploy-check/processes.mjs';
import { CheckFailed, done, seconds, step } from './deploy-check/report.mjs';
import { checkBothServed, restartUnderTraffic } from './deploy-check/two-processes.mjs';

const started = Date.now();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'solstice-deploy-check-'));
const database = `solstice_deploy_check_${randomBytes(4).toString('hex')}`;
let databaseCreated = false;
const processes = [];
let nginx = null;
let failed = false;

try {
  console.log(`Solstice deploy check (work folder ${dir})`);
  checkBuild();
  const nginxBin = await checkPrerequisites();
  checkConfigFiles(dir, nginxBin);

  step(`fresh PostgreSQL database ${database}`);
  await admin(`CREATE DATABASE ${database}`);
  databaseCreated = true;
  const dbUrl = new URL(POSTGRES_URL);
  dbUrl.pathname = `/${database}`;
  done();

  const [proxyPort, portA, portB] = [await freePort(), await freePort(), await freePort()];
  const publicUrl = `http://127.0.0.1:${proxyPort}`;
  const metricsToken = randomBytes(24).toString('hex');
  const { envFile, env } = writeSettings({ dir, publicUrl, dbUrl, metricsToken });
  migrateAndSeed(envFile, env.HOME);
  await startApps(processes, [portA, portB], env, dir);
  nginx = startProxy({ dir, nginxBin, proxyPort, portA, portB });
  await proxyReady(nginx, publicUrl);

  const http = client(publicUrl);
  await checkProxy(http);
  await signUp(http);
  await subscribe(http);
  await scan(http);
  await checkBothServed({ http, dir, portA, portB, metricsToken });
  await restartUnderTraffic({ http, processes, portA, portB });
} catch (error) {
  failed = true;
  console.log('FAILED');
  console.error(error instanceof CheckFailed ? error.message : error);
  for (const proc of [...processes, nginx].filter(Boolean))
    console.error(`--- ${proc.name} (last lines)\n${proc.log()}`);
} finally {
  step('tear down');
  await stopProcess(nginx, 'SIGQUIT', 5000);
  for (const proc of processes) await stopProcess(proc, 'SIGTERM', 15_000);
  if (databaseCreated)
    await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch((e) => console.error(e.message));
  if (KEEP) console.log(`(kept ${dir})`);
  else fs.rmSync(dir, { recursive: true, force: true });
  done();
}

console.log(`${failed ? 'Deploy check FAILED' : 'Deploy check passed'} in ${seconds(Date.now() - started)}`);
process.exit(failed ? 1 : 0);
