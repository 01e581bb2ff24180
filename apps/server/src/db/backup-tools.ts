import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** A backup or restore that cannot be done, in words an operator acts on. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/** The PostgreSQL procedure, for when the client tools are missing. */
export function postgresProcedure(url: string, file = 'solstice.dump'): string {
  const u = new URL(url);
  u.password = '';
  const target = `'${u.toString()}'`;
  return [
    'Back up (a consistent snapshot while the server runs; give the password in PGPASSWORD or ~/.pgpass):',
    `  pg_dump --format=custom --file=${file} ${target}`,
    'Restore into an empty database (createdb first), then migrate:',
    `  pg_restore --no-owner --no-privileges --exit-on-error --single-transaction --dbname=${target} ${file}`,
    `  solstice --db ${target} db migrate`,
    "pg_dump must be of the server's major version or newer (Debian: apt-get install postgresql-client).",
  ].join('\n');
}

/** An executable on PATH, or null. */
export function findOnPath(name: string, searchPath = process.env.PATH ?? ''): string | null {
  for (const dir of searchPath.split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

export function requireTool(name: 'pg_dump' | 'pg_restore', url: string, file: string): string {
  const tool = findOnPath(name);
  if (!tool)
    throw new BackupError(
      `${name} is not on PATH; install the PostgreSQL client tools, or by hand:\n${postgresProcedure(url, file)}`,
    );
  return tool;
}

/** libpq takes the URL without its password (which `ps` would show); the password goes in PGPASSWORD. */
export function libpqTarget(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  u.password = '';
  return { dbname: u.toString(), env };
}

export function runTool(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      if (stderr.length < 20_000) stderr += d.toString();
    });
    child.on('error', (error) => reject(new BackupError(`${path.basename(tool)} could not run: ${error.message}`)));
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${path.basename(tool)} failed (exit ${code}): ${stderr.trim() || 'no message'}`));
    });
  });
}

export function checkTargetFile(file: string, force: boolean): void {
  const folder = path.dirname(path.resolve(file));
  if (!fs.existsSync(folder)) throw new BackupError(`the folder ${folder} does not exist`);
  if (fs.existsSync(file) && !force)
    throw new BackupError(`${file} exists; choose a new name or add --force to replace it`);
}

export function removeQuietly(file: string): void {
  fs.rmSync(file, { force: true });
}
