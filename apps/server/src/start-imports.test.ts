import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverBundle } from './testing/server-bundle.js';

/** Packages a server on its defaults (SQLite, no Redis, Stripe or SMTP) never needs: each is loaded when first used. */
const LOADED_WHEN_USED = ['pg', 'ioredis', 'stripe', 'nodemailer'];

describe('the server start', () => {
  it('imports pg, ioredis, Stripe and nodemailer only when they are first used (the bundle has no static import of them)', () => {
    const dir = path.dirname(serverBundle().main);
    const code = fs
      .readdirSync(dir)
      .filter((file) => file.endsWith('.js'))
      .map((file) => fs.readFileSync(path.join(dir, file), 'utf8'))
      .join('\n');
    for (const name of LOADED_WHEN_USED) {
      expect(code, name).not.toMatch(new RegExp(`^import\\s[^;]*?\\sfrom\\s*"${name}";`, 'm'));
      expect(code, name).toContain(`import("${name}")`);
    }
  });
});
