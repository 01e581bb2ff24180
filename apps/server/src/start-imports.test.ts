import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverBundle } from './testing/server-bundle.js';

/** Packages a server on its defaults (SQLite; no Redis, Stripe, SMTP or metrics) never needs: each loads when first used. */
const LOADED_WHEN_USED = [
  'pg',
  'ioredis',
  'stripe',
  'nodemailer',
  'prom-client',
  '@node-rs/argon2',
  '@zxcvbn-ts/language-common',
];

const STATIC_IMPORT = /^import\s(?:[^;]*?\sfrom\s*)?"([^"]+)";/gm;
/** The entry (src/start.ts) loads the server with a top-level `await import()` once the compile cache is on. */
const ENTRY_LOADS = /^await import\("\.\/([^"]+)"\);$/m;

/**
 * The bundle's files that load with `entry` (its static imports, followed, and the server it
 * loads), and the packages they import.
 */
function loadedWith(entry: string): { files: string[]; packages: Set<string> } {
  const dir = path.dirname(entry);
  const files: string[] = [];
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.includes(file)) return;
    files.push(file);
    for (const [, target] of fs.readFileSync(path.join(dir, file), 'utf8').matchAll(STATIC_IMPORT)) {
      if (target!.startsWith('./')) visit(target!.slice(2));
      else packages.add(target!);
    }
  };
  visit(path.basename(entry));
  const server = ENTRY_LOADS.exec(fs.readFileSync(entry, 'utf8'))?.[1];
  if (!server) throw new Error(`${entry} does not load the server`);
  visit(server);
  return { files, packages };
}

describe('the server start', () => {
  it('loads pg, ioredis, Stripe, nodemailer, prom-client, argon2 and the common-password list only when first used', () => {
    const { files, packages } = loadedWith(serverBundle().main);
    expect(files.length).toBeGreaterThan(1);
    // Fastify, zod, pino and the rest are inlined (build-options.mjs): the start resolves one package.
    expect([...packages].filter((name) => !name.startsWith('node:'))).toEqual(['piscina']);
    for (const name of LOADED_WHEN_USED) expect(packages, name).not.toContain(name);
    // …and they are still there, behind a dynamic import.
    const everything = fs
      .readdirSync(path.dirname(serverBundle().main))
      .filter((file) => file.endsWith('.js'))
      .map((file) => fs.readFileSync(path.join(path.dirname(serverBundle().main), file), 'utf8'))
      .join('\n');
    for (const name of LOADED_WHEN_USED)
      expect(everything, name).toMatch(new RegExp(`from\\s*"${name}"|import\\("${name}"\\)`));
  });
});
