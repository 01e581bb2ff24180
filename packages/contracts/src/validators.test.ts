import { describe, expect, it } from 'vitest';
import {
  MESSAGES,
  emailSchema,
  hasInvisibleCharacters,
  invisibleCharactersMessage,
  isEmail,
  isLengthBetween,
  isLettersOnly,
  isLowercase,
  isNonEmptyArray,
  isNonEmptyString,
  isPassword,
  isUppercase,
  isUrl,
  isUsername,
  isUsernameEmailPattern,
  objectExists,
  passwordSchema,
  usernameSchema,
} from './validators.js';
import { loginRequestSchema, preferencesRequestSchema, signupRequestSchema } from './auth.js';
import { alertCreateSchema, savedScanCreateSchema } from './alerts.js';
import { watchlistCreateSchema } from './watchlists.js';

describe('the specification’s validators', () => {
  it('username/email pattern: local part of letters, digits, _ - .; @; domain; TLD of 2 to 4 letters', () => {
    for (const ok of ['a@b.co', 'john.doe-x_1@mail.example.info', 'A_B@sub.domain.io']) {
      expect(isUsernameEmailPattern(ok), ok).toBe(true);
    }
    for (const bad of [
      'a@b.c',
      'a@b.museum',
      'a+b@x.com',
      'a@b',
      '@b.com',
      'a@.com',
      'a b@x.com',
      'a@b.c0m',
      42,
      null,
    ]) {
      expect(isUsernameEmailPattern(bad), String(bad)).toBe(false);
    }
  });

  it('email, URL', () => {
    expect(isEmail('name+tag@example.museum')).toBe(true);
    expect(isEmail('no-at.example.com')).toBe(false);
    expect(isEmail(`${'a'.repeat(250)}@x.com`)).toBe(false);
    expect(isUrl('https://solstice.example/path?q=1')).toBe(true);
    expect(isUrl('http://localhost:3000')).toBe(true);
    for (const bad of ['javascript:alert(1)', 'ftp://x.com', 'example.com', '', 7]) expect(isUrl(bad)).toBe(false);
  });

  it('lowercase only, uppercase only, letters only', () => {
    expect([isLowercase('abc'), isLowercase('abC'), isLowercase(''), isLowercase('123')]).toEqual([
      true,
      false,
      false,
      false,
    ]);
    expect([isUppercase('ABC'), isUppercase('AbC'), isUppercase(''), isUppercase('Ğİ')]).toEqual([
      true,
      false,
      false,
      true,
    ]);
    expect([isLettersOnly('abcÇş'), isLettersOnly('ab1'), isLettersOnly(''), isLettersOnly('a b')]).toEqual([
      true,
      false,
      false,
      false,
    ]);
  });

  it('non-empty string, non-empty array, object exists, length between', () => {
    expect([isNonEmptyString('x'), isNonEmptyString('  '), isNonEmptyString(''), isNonEmptyString(1)]).toEqual([
      true,
      false,
      false,
      false,
    ]);
    expect([isNonEmptyArray([0]), isNonEmptyArray([]), isNonEmptyArray('x')]).toEqual([true, false, false]);
    expect([objectExists({}), objectExists(null), objectExists(undefined), objectExists('x')]).toEqual([
      true,
      false,
      false,
      false,
    ]);
    expect([isLengthBetween('abc', 3, 5), isLengthBetween('ab', 3, 5), isLengthBetween('abcdef', 3, 5)]).toEqual([
      true,
      false,
      false,
    ]);
    // Characters, not UTF-16 units.
    expect(isLengthBetween('😀😀😀', 3, 3)).toBe(true);
  });

  it('password: 10 to 128 characters', () => {
    expect([
      isPassword('x'.repeat(9)),
      isPassword('x'.repeat(10)),
      isPassword('x'.repeat(128)),
      isPassword('x'.repeat(129)),
    ]).toEqual([false, true, true, false]);
    expect(passwordSchema.safeParse('short').error?.issues[0]?.message).toBe(MESSAGES.password);
  });

  it('usernames', () => {
    expect([
      isUsername('ab'),
      isUsername('abc'),
      isUsername('_abc'),
      isUsername('a.b-c_d'),
      isUsername('a'.repeat(33)),
    ]).toEqual([false, true, false, true, false]);
    expect(usernameSchema.safeParse('x').error?.issues[0]?.message).toBe(MESSAGES.username);
  });

  it('emailSchema lowercases and gives one clear message', () => {
    expect(emailSchema.parse(' Ada@Example.COM ')).toBe('ada@example.com');
    const bad = emailSchema.safeParse('ada@example.museum');
    expect(bad.error?.issues.map((i) => i.message)).toEqual([MESSAGES.email]);
  });

  it('request schemas reject unknown fields and non-strings', () => {
    expect(signupRequestSchema.safeParse({ email: 'a@b.co', username: 'abc', password: 'x'.repeat(10) }).success).toBe(
      true,
    );
    expect(
      signupRequestSchema.safeParse({ email: 'a@b.co', username: 'abc', password: 'x'.repeat(10), admin: true })
        .success,
    ).toBe(false);
    expect(loginRequestSchema.safeParse({ login: ['a'], password: 'x' }).success).toBe(false);
    expect(preferencesRequestSchema.safeParse({ timeZone: 'Europe/Istanbul' }).success).toBe(true);
    expect(preferencesRequestSchema.safeParse({ timeZone: 'Nowhere/Place' }).success).toBe(false);
  });
});

describe('names without invisible direction characters', () => {
  const BIDI = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'];
  const OTHERS = ['\u200E', '\u200F', '\u061C', '\u200B', '\u2060', '\uFEFF'];

  it.each([...BIDI, ...OTHERS].map((c) => [`U+${c.codePointAt(0)!.toString(16).toUpperCase()}`, c]))(
    'refuses %s in every name a user writes, saying which',
    (_name, c) => {
      const name = `abc${c}txt.exe`;
      const message = (r: { error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
        r.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
      expect(message(alertCreateSchema.safeParse({ name, kind: 'scan', expression: 'close > 1' }))).toEqual([
        'name: A name must not contain invisible direction characters.',
      ]);
      expect(message(savedScanCreateSchema.safeParse({ name, expression: 'close > 1' }))).toEqual([
        'name: A name must not contain invisible direction characters.',
      ]);
      expect(message(watchlistCreateSchema.safeParse({ name }))).toEqual([
        'name: A watchlist name must not contain invisible direction characters.',
      ]);
      expect(hasInvisibleCharacters(name)).toBe(true);
    },
  );

  it('keeps the joiners scripts and emoji need, and right-to-left text itself', () => {
    for (const name of ['می\u200Cخواهم', '👨\u200D👩\u200D👧', 'שלום', 'مرحبا', 'Çağrı'])
      expect(hasInvisibleCharacters(name), name).toBe(false);
    expect(invisibleCharactersMessage('An alert name')).toBe(
      'An alert name must not contain invisible direction characters.',
    );
  });
});
