// nginx in front of the two app processes, with the upstream and locations of deploy/nginx.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './options.mjs';
import { run, startProcess, waitFor } from './processes.mjs';
import { done, expect, step } from './report.mjs';

/** The upstream block of solstice.conf, pointed at the two app ports. */
function upstreamBlock(portA, portB) {
  const upstream = /upstream solstice_app \{[\s\S]*?\n\}/.exec(
    fs.readFileSync(path.join(ROOT, 'deploy/nginx/solstice.conf'), 'utf8'),
  );
  expect(upstream, 'deploy/nginx/solstice.conf has no `upstream solstice_app { … }` block');
  const block = upstream[0]
    .replace('127.0.0.1:3001', `127.0.0.1:${portA}`)
    .replace('127.0.0.1:3002', `127.0.0.1:${portB}`);
  expect(
    block.includes(`:${portA}`) && block.includes(`:${portB}`),
    'the upstream does not list 127.0.0.1:3001 and :3002',
  );
  return block;
}

/** Starts nginx on proxyPort and answers its process (the caller stops it), not yet waited for. */
export function startProxy({ dir, nginxBin, proxyPort, portA, portB }) {
  step(`nginx on :${proxyPort} with deploy/nginx (upstream of solstice.conf, solstice-locations.conf)`);
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    fs.mkdirSync(path.join(dir, 'nginx', sub), { recursive: true });
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
  ${upstreamBlock(portA, portB)}
  server {
    listen 127.0.0.1:${proxyPort};
    server_name 127.0.0.1;
    include ${path.join(ROOT, 'deploy/nginx/solstice-locations.conf')};
  }
}
`;
  fs.writeFileSync(path.join(dir, 'nginx.conf'), nginxConf);
  run(nginxBin, ['-t', '-q', '-p', dir, '-c', path.join(dir, 'nginx.conf')], process.env, 'nginx -t');
  return startProcess(
    'nginx',
    nginxBin,
    ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'],
    process.env,
    path.join(dir, 'nginx-stdout.log'),
  );
}

/** Ends the step startProxy began once nginx proxies /api/health. */
export async function proxyReady(nginx, publicUrl) {
  await waitFor('nginx answers', async () => (await fetch(`${publicUrl}/api/health`)).status === 200, 15_000, nginx);
  done();
}
