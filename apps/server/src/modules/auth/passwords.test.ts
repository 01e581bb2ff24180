import { describe, expect, it, vi } from 'vitest';
import * as argon2 from '@node-rs/argon2';
import { hashPassword, verifyPassword } from './passwords.js';

vi.mock('@node-rs/argon2', async (importOriginal) => {
  const actual = await importOriginal<typeof argon2>();
  return { ...actual, verify: vi.fn(actual.verify) };
});

describe('passwords', () => {
  it('hashes with argon2id (19 MiB, t=2, p=1) and a fresh salt each time', async () => {
    const a = await hashPassword('a long password');
    const b = await hashPassword('a long password');
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword(a, 'a long password')).toBe(true);
    expect(await verifyPassword(a, 'a long passworD')).toBe(false);
  });

  it('spends one argon2 verification on an unknown user too (same cost as a wrong password)', async () => {
    const verify = vi.mocked(argon2.verify);
    verify.mockClear();
    expect(await verifyPassword(null, 'whatever it is')).toBe(false);
    expect(verify).toHaveBeenCalledTimes(1);
    expect(String(verify.mock.calls[0]![0])).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    verify.mockClear();
    expect(await verifyPassword(await hashPassword('the real one 1'), 'whatever it is')).toBe(false);
    expect(verify).toHaveBeenCalledTimes(1);
  });

  it('treats a corrupt stored hash as a wrong password', async () => {
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
  });
});
