// Validates the configuration files of deploy/ with the tools this machine has (each optional).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './options.mjs';
import { run, which } from './processes.mjs';
import { done, expect, step } from './report.mjs';

/** The HTTPS site file itself, with a throwaway certificate in place of Let's Encrypt's. */
function checkNginxSite(dir, nginxBin, openssl) {
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
}

function checkCaddyfile(dir, caddy) {
  run(
    caddy,
    ['validate', '--config', path.join(ROOT, 'deploy/caddy/Caddyfile'), '--adapter', 'caddyfile'],
    { ...process.env, HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir },
    'caddy validate of deploy/caddy/Caddyfile',
  );
}

function checkSystemdUnits(dir, systemdAnalyze) {
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
}

export function checkConfigFiles(dir, nginxBin) {
  step('configuration files of deploy/ are valid');
  const checked = [];
  const openssl = which('openssl');
  if (openssl) {
    checkNginxSite(dir, nginxBin, openssl);
    checked.push('nginx site (HTTPS)');
  }
  const caddy = which('caddy');
  if (caddy) {
    checkCaddyfile(dir, caddy);
    checked.push('Caddyfile');
  }
  const systemdAnalyze = which('systemd-analyze');
  if (systemdAnalyze) {
    checkSystemdUnits(dir, systemdAnalyze);
    checked.push('systemd units');
  }
  done(checked.join(', ') || 'skipped: neither openssl, caddy nor systemd-analyze installed');
}
