// PostgreSQL and Redis, as the deploy check reaches them (DEPLOY_CHECK_POSTGRES_URL, DEPLOY_CHECK_REDIS_URL).
import net from 'node:net';
import { postgresStatement } from '../../apps/server/src/testing/postgres-admin.mjs';
import { POSTGRES_URL } from './options.mjs';

export function redisPing(url) {
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

export function admin(sql) {
  return postgresStatement(POSTGRES_URL, sql);
}
