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
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { clearTimeout } from 'node:timers';
import { postgresStatement } from '../apps/server/src/testing/postgres-admin.mjs';
import { freePort } from '../apps/server/src/testing/server-process.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const args = new Set(process.argv.slice(2));
const BUILD = !args.has('--no-build');
const KEEP = args.has('--keep');
const POSTGRES_URL = process.env.DEPLOY_CHECK_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.DEPLOY_CHECK_REDIS_URL ?? 'redis://127.0.0.1:6379';

const started = Date.now();
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
let stepStarted = Date.now();
function step(text) {
  stepStarted = Date.now();
  process.stdout.write(`• ${text} … `);
}
function done(detail = '') {
  process.stdout.write(`ok${detail ? ` (${detail})` : ''} [${seconds(Date.now() - stepStarted)}]\n`);
}
class CheckFailed extends Error {}
function expect(condition, message) {
  if (!condition) throw new CheckFailed(message);
}

const which = (name, extra = []) =>
  [...(process.env.PATH ?? '').split(':').map((d) => path.join(d, name)), ...extra].find((p) => fs.existsSync(p));

function redisPing(url) {
  const u = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: u.hostname, port: Number(u.port || 6379) });
    socket.setTimeout(3000, () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (d) => {
      socket.end();
      resolve(d.toString().startsWith('+PONG'));
    });
  });
}

function admin(sql) {
  return postgresStatement(POSTGRES_URL, sql);
}

function run(command, argv, env, what) {
  const result = spawnSync(command, argv, { cwd: ROOT, env, encoding: 'utf8' });
  if (result.status !== 0) {
    throw new CheckFailed(`${what} failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
  return result.stdout;
}

async function waitFor(what, probe, timeoutMs, proc) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (proc && proc.child.exitCode !== null) throw new CheckFailed(`${what}: the process exited:\n${proc.log()}`);
    try {
      if (await probe()) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline)
      throw new CheckFailed(`${what}: not within ${seconds(timeoutMs)}${proc ? `\n${proc.log()}` : ''}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function startProcess(name, command, argv, env, logFile) {
  const out = fs.openSync(logFile, 'a');
  const child = spawn(command, argv, { cwd: ROOT, env, stdio: ['ignore', out, out] });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return { name, child, exited, log: () => fs.readFileSync(logFile, 'utf8').slice(-4000) };
}

async function stopProcess(proc, signal = 'SIGTERM', timeoutMs = 15_000) {
  if (!proc || proc.child.exitCode !== null || proc.child.signalCode !== null) return proc ? proc.exited : null;
  proc.child.kill(signal);
  const timer = setTimeout(() => proc.child.kill('SIGKILL'), timeoutMs);
  const result = await proc.exited;
  clearTimeout(timer);
  return result;
}

/** A small HTTP client with a cookie jar and the same-origin Origin header mutations need. */
function client(base) {
  const cookies = new Map();
  return async (method, url, body) => {
    const headers = { accept: 'application/json' };
    if (cookies.size > 0) headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (method !== 'GET') headers.origin = base;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(base + url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    const text = await res.text();
    let json = null;
    try {
      json = JSON.parse(text);
    } catch {
      // not JSON (the app's page)
    }
    return { status: res.status, headers: res.headers, text, json };
  };
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'solstice-deploy-check-'));
const database = `solstice_deploy_check_${randomBytes(4).toString('hex')}`;
let databaseCreated = false;
const processes = [];
let nginx = null;
let failed = false;

try {
  console.log(`Solstice deploy check (work folder ${dir})`);

  if (BUILD) {
    step('npm run build');
    run('npm', ['run', 'build'], process.env, 'npm run build');
    done();
  }
  expect(
    fs.existsSync(path.join(ROOT, 'apps/server/dist/main.js')),
    'apps/server/dist/main.js is missing: run npm run build',
  );
  expect(fs.existsSync(path.join(ROOT, 'apps/web/dist/index.html')), 'apps/web/dist is missing: run npm run build');

  step('prerequisites: nginx, PostgreSQL, Redis');
  const nginxBin = which('nginx', ['/usr/sbin/nginx']);
  expect(nginxBin, 'nginx is not installed (Debian: apt-get install -y nginx)');
  expect(await redisPing(REDIS_URL), `Redis does not answer at ${REDIS_URL}`);
  await admin('select 1').catch((error) => {
    throw new CheckFailed(`PostgreSQL does not answer at ${POSTGRES_URL}: ${error.message}`);
  });
  done(spawnSync(nginxBin, ['-v'], { encoding: 'utf8' }).stderr.trim());

  step('configuration files of deploy/ are valid');
  const checked = [];
  const openssl = which('openssl');
  if (openssl) {
    // The HTTPS site file itself, with a throwaway certificate in place of Let's Encrypt's.
    const tls = path.join(dir, 'tls');
    fs.mkdirSync(tls);
    run(
      openssl,
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=solstice.example',
        '-keyout',
        path.join(tls, 'privkey.pem'),
        '-out',
        path.join(tls, 'fullchain.pem'),
      ],
      process.env,
      'openssl req',
    );
    const site = fs
      .readFileSync(path.join(ROOT, 'deploy/nginx/solstice.conf'), 'utf8')
      .replaceAll('/etc/letsencrypt/live/solstice.example', tls)
      .replace('/etc/nginx/snippets/solstice-locations.conf', path.join(ROOT, 'deploy/nginx/solstice-locations.conf'));
    fs.writeFileSync(path.join(dir, 'site.conf'), site);
    fs.writeFileSync(
      path.join(dir, 'nginx-t.conf'),
      `pid ${dir}/nginx-t.pid;\nerror_log ${dir}/nginx-t.log;\nevents {}\nhttp {\n  include ${dir}/site.conf;\n}\n`,
    );
    run(
      nginxBin,
      ['-t', '-q', '-p', dir, '-c', path.join(dir, 'nginx-t.conf')],
      process.env,
      'nginx -t of deploy/nginx/solstice.conf',
    );
    checked.push('nginx site (HTTPS)');
  }
  const caddy = which('caddy');
  if (caddy) {
    run(
      caddy,
      ['validate', '--config', path.join(ROOT, 'deploy/caddy/Caddyfile'), '--adapter', 'caddyfile'],
      { ...process.env, HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir },
      'caddy validate of deploy/caddy/Caddyfile',
    );
    checked.push('Caddyfile');
  }
  const systemdAnalyze = which('systemd-analyze');
  if (systemdAnalyze) {
    const units = path.join(dir, 'units');
    fs.mkdirSync(units);
    for (const file of fs.readdirSync(path.join(ROOT, 'deploy/systemd'))) {
      // The template is verified as the instance the guide enables.
      fs.copyFileSync(path.join(ROOT, 'deploy/systemd', file), path.join(units, file.replace('@.', '@3001.')));
    }
    const verify = spawnSync(
      systemdAnalyze,
      ['verify', '--man=no', ...fs.readdirSync(units).map((f) => path.join(units, f))],
      {
        encoding: 'utf8',
      },
    );
    // It reports problems on stderr (unknown keys, bad values) even when its status is 0.
    const problems = `${verify.stdout}${verify.stderr}`.trim();
    expect(verify.status === 0 && problems === '', `systemd-analyze verify of deploy/systemd:\n${problems}`);
    checked.push('systemd units');
  }
  done(checked.join(', ') || 'skipped: neither openssl, caddy nor systemd-analyze installed');

  step(`fresh PostgreSQL database ${database}`);
  await admin(`CREATE DATABASE ${database}`);
  databaseCreated = true;
  const dbUrl = new URL(POSTGRES_URL);
  dbUrl.pathname = `/${database}`;
  done();

  const [proxyPort, portA, portB] = [await freePort(), await freePort(), await freePort()];
  const publicUrl = `http://127.0.0.1:${proxyPort}`;
  const metricsToken = randomBytes(24).toString('hex');
  // What /etc/solstice/solstice.env holds in the guide, plus what the unit sets.
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

  step('solstice db migrate && solstice seed, through deploy/solstice (the CLI wrapper)');
  const cli = (...argv) =>
    run(
      path.join(ROOT, 'deploy/solstice'),
      argv,
      {
        PATH: process.env.PATH,
        HOME: env.HOME,
        SOLSTICE_ENV_FILE: envFile,
        SOLSTICE_DIR: ROOT,
        SOLSTICE_USER: os.userInfo().username,
      },
      `solstice ${argv.join(' ')}`,
    );
  cli('db', 'migrate');
  const seeded = cli('seed').trim().split('\n').at(-1);
  done(seeded);

  step(`two app processes on :${portA} and :${portB}`);
  for (const port of [portA, portB]) {
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
  for (const [i, port] of [portA, portB].entries()) {
    await waitFor(
      `app on :${port} ready`,
      async () => (await fetch(`http://127.0.0.1:${port}/api/ready`)).status === 200,
      120_000,
      processes[i],
    );
  }
  done();

  step(`nginx on :${proxyPort} with deploy/nginx (upstream of solstice.conf, solstice-locations.conf)`);
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    fs.mkdirSync(path.join(dir, 'nginx', sub), { recursive: true });
  const upstream = /upstream solstice_app \{[\s\S]*?\n\}/.exec(
    fs.readFileSync(path.join(ROOT, 'deploy/nginx/solstice.conf'), 'utf8'),
  );
  expect(upstream, 'deploy/nginx/solstice.conf has no `upstream solstice_app { … }` block');
  const upstreamBlock = upstream[0]
    .replace('127.0.0.1:3001', `127.0.0.1:${portA}`)
    .replace('127.0.0.1:3002', `127.0.0.1:${portB}`);
  expect(
    upstreamBlock.includes(`:${portA}`) && upstreamBlock.includes(`:${portB}`),
    'the upstream does not list 127.0.0.1:3001 and :3002',
  );
  const nginxConf = `
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;
events { worker_connections 256; }
http {
  log_format check '$request_method $uri $status $upstream_addr';
  access_log ${dir}/nginx-access.log check;
  client_body_temp_path ${dir}/nginx/body;
  proxy_temp_path ${dir}/nginx/proxy;
  fastcgi_temp_path ${dir}/nginx/fastcgi;
  uwsgi_temp_path ${dir}/nginx/uwsgi;
  scgi_temp_path ${dir}/nginx/scgi;
  ${upstreamBlock}
  server {
    listen 127.0.0.1:${proxyPort};
    server_name 127.0.0.1;
    include ${path.join(ROOT, 'deploy/nginx/solstice-locations.conf')};
  }
}
`;
  fs.writeFileSync(path.join(dir, 'nginx.conf'), nginxConf);
  run(nginxBin, ['-t', '-q', '-p', dir, '-c', path.join(dir, 'nginx.conf')], process.env, 'nginx -t');
  nginx = startProcess(
    'nginx',
    nginxBin,
    ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'],
    process.env,
    path.join(dir, 'nginx-stdout.log'),
  );
  await waitFor('nginx answers', async () => (await fetch(`${publicUrl}/api/health`)).status === 200, 15_000, nginx);
  done();

  const http = client(publicUrl);
  step('through the proxy: ready, the app page, /metrics not exposed');
  const ready = await http('GET', '/api/ready');
  expect(
    ready.status === 200 && ready.json?.status === 'ready',
    `/api/ready → ${ready.status} ${ready.text.slice(0, 300)}`,
  );
  const page = await http('GET', '/');
  expect(page.status === 200 && /<div id="root">|<!doctype html>/i.test(page.text), `/ → ${page.status}`);
  const exposed = await http('GET', '/metrics');
  expect(exposed.status === 404, `/metrics through the proxy → ${exposed.status} (must be 404)`);
  done(`latest bar ${ready.json.latestBar.asOf}, ${ready.json.latestBar.ageCalendarDays} calendar day(s) old`);

  step('sign up');
  const id = randomBytes(4).toString('hex');
  const signup = await http('POST', '/api/auth/signup', {
    email: `deploy-${id}@example.com`,
    username: `deploy_${id}`,
    password: `Quiet-Harbor-${id}-91`,
  });
  expect(signup.status === 201, `signup → ${signup.status} ${signup.text.slice(0, 300)}`);
  const before = await http('GET', '/api/me');
  expect(
    before.status === 200 && before.json.subscriber === false,
    `/api/me → ${before.status} ${before.text.slice(0, 200)}`,
  );
  done(`deploy_${id}`);

  step('checkout in test mode with 4242 4242 4242 4242');
  const payments = await http('GET', '/api/v1/payments/config');
  expect(payments.json?.provider === 'test', `payments config → ${payments.text}`);
  const products = await http('GET', '/api/v1/products');
  const price = products.json?.[0]?.prices?.find((p) => p.interval === 'month') ?? products.json?.[0]?.prices?.[0];
  expect(price, `no price to buy: ${products.text.slice(0, 300)}`);
  const checkout = await http('POST', '/api/v1/checkout', { priceId: price.id });
  expect(
    checkout.status === 200 || checkout.status === 201,
    `checkout → ${checkout.status} ${checkout.text.slice(0, 300)}`,
  );
  const year = (new Date().getUTCFullYear() + 3) % 100;
  const pay = await http('POST', `/api/v1/checkout/${checkout.json.sessionId}/pay`, {
    cardNumber: '4242 4242 4242 4242',
    expiry: `12/${String(year).padStart(2, '0')}`,
    cvc: '123',
  });
  expect(pay.status === 200 && pay.json.status === 'paid', `pay → ${pay.status} ${pay.text.slice(0, 300)}`);
  const after = await http('GET', '/api/me');
  expect(after.json?.subscriber === true, `after paying, /api/me → ${after.text.slice(0, 300)}`);
  done(`${price.amount / 100} ${price.currency} a ${price.interval}`);

  step('a scan (subscribers only)');
  const presets = await http('GET', '/api/v1/scanner/presets');
  const preset = presets.json?.presets?.[0];
  expect(preset, `no scanner preset: ${presets.text.slice(0, 300)}`);
  const scan = await http('POST', '/api/v1/scanner', {
    expression: preset.expression,
    sort: preset.sort,
    desc: preset.desc,
    limit: 10,
  });
  expect(scan.status === 200, `scan → ${scan.status} ${scan.text.slice(0, 300)}`);
  const everything = await http('POST', '/api/v1/scanner', { expression: 'close > 0', limit: 5 });
  expect(
    everything.status === 200 && everything.json.count > 0,
    `scan close > 0 → ${everything.status} ${everything.text.slice(0, 300)}`,
  );
  done(`"${preset.name}": ${scan.json.count} match(es); close > 0: ${everything.json.count}`);

  step('both processes served requests');
  for (let i = 0; i < 10; i++)
    expect((await http('GET', '/api/v1/subscription')).status === 200, 'subscription read failed');
  const accessLog = fs.readFileSync(path.join(dir, 'nginx-access.log'), 'utf8').trim().split('\n');
  const byUpstream = {};
  for (const line of accessLog) {
    const upstreamAddr = line.split(' ').at(-1);
    byUpstream[upstreamAddr] = (byUpstream[upstreamAddr] ?? 0) + 1;
  }
  const servedBy = (port) => byUpstream[`127.0.0.1:${port}`] ?? 0;
  expect(servedBy(portA) > 0 && servedBy(portB) > 0, `nginx sent requests to ${JSON.stringify(byUpstream)}`);
  const appRequests = {};
  for (const port of [portA, portB]) {
    const wrong = await fetch(`http://127.0.0.1:${port}/metrics`, {
      headers: { authorization: 'Bearer wrong-token-0123456789' },
    });
    expect(wrong.status === 401, `/metrics with a wrong token on :${port} → ${wrong.status}`);
    const res = await fetch(`http://127.0.0.1:${port}/metrics`, {
      headers: { authorization: `Bearer ${metricsToken}` },
    });
    expect(res.status === 200, `/metrics on :${port} → ${res.status}`);
    const text = await res.text();
    // Requests of the journey (not the readiness probes nor the scrapes themselves).
    appRequests[port] = text
      .split('\n')
      .filter(
        (l) =>
          l.startsWith('solstice_http_requests_total{') && !/route="(\/api\/ready|\/metrics|\/api\/health)"/.test(l),
      )
      .reduce((n, l) => n + Number(l.split(' ').at(-1)), 0);
    expect(appRequests[port] > 0, `process :${port} reports no requests in its metrics`);
    expect(/solstice_market_latest_bar_age_days \d+/.test(text), `process :${port}: no latest-bar age in /metrics`);
  }
  done(`nginx → :${portA} ${servedBy(portA)}, :${portB} ${servedBy(portB)}; metrics: ${JSON.stringify(appRequests)}`);

  step(`restart under traffic: SIGTERM to :${portA} while requests flow`);
  let flowing = true;
  const results = [];
  const traffic = (async () => {
    while (flowing) {
      const res = await http('GET', '/api/v1/subscription').catch((error) => ({ status: String(error) }));
      results.push(res.status);
    }
  })();
  await new Promise((r) => setTimeout(r, 300));
  const exitA = await stopProcess(processes[0]);
  await new Promise((r) => setTimeout(r, 500));
  flowing = false;
  await traffic;
  expect(exitA.code === 0, `process :${portA} exited with ${JSON.stringify(exitA)}:\n${processes[0].log()}`);
  const bad = results.filter((s) => s !== 200);
  expect(bad.length === 0, `requests through the proxy failed during the restart: ${JSON.stringify(bad)}`);
  done(`${results.length} requests, all 200; :${portA} exited 0`);

  step(`SIGTERM to :${portB}`);
  const exitB = await stopProcess(processes[1]);
  expect(exitB.code === 0, `process :${portB} exited with ${JSON.stringify(exitB)}:\n${processes[1].log()}`);
  done('exited 0');
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
