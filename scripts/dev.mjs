// `npm run dev`: the API server with reload (tsx watch) on :3000 and the Vite dev server on :5173,
// which proxies /api to it. Stop both with Ctrl-C.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const children = [
  spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'watch', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { NODE_ENV: 'development', ...process.env },
  }),
  spawn('npm', ['run', 'dev', '-w', '@solstice/web'], { cwd: root, stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && code !== 0 && stop());
