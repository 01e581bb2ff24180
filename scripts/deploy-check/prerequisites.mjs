// Before anything starts: the build, nginx, PostgreSQL and Redis.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { admin, redisPing } from './backing-services.mjs';
import { BUILD, POSTGRES_URL, REDIS_URL, ROOT } from './options.mjs';
import { run, which } from './processes.mjs';
import { CheckFailed, done, expect, step } from './report.mjs';

export function checkBuild() {
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
}

/** Answers the path of nginx. */
export async function checkPrerequisites() {
  step('prerequisites: nginx, PostgreSQL, Redis');
  const nginxBin = which('nginx', ['/usr/sbin/nginx']);
  expect(nginxBin, 'nginx is not installed (Debian: apt-get install -y nginx)');
  expect(await redisPing(REDIS_URL), `Redis does not answer at ${REDIS_URL}`);
  await admin('select 1').catch((error) => {
    throw new CheckFailed(`PostgreSQL does not answer at ${POSTGRES_URL}: ${error.message}`);
  });
  done(spawnSync(nginxBin, ['-v'], { encoding: 'utf8' }).stderr.trim());
  return nginxBin;
}
