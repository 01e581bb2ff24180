import { z } from 'zod';

/**
 * The specification's helper validators (seed §5), as plain predicates for forms and as zod
 * schemas for the API. Both sides use the same rules and the same messages.
 */

/** Local part of letters, digits, "_", "-", "."; then "@"; a domain; a top-level domain of 2 to 4 letters. */
export const USERNAME_EMAIL_PATTERN = /^[A-Za-z0-9_.-]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,4}$/;

/** A general e-mail address check (at most 254 characters, one "@", a dotted domain). */
const EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

/** The username of an account: 3 to 32 letters, digits, "_", "-" or ".", starting with a letter or digit. */
export const USERNAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{2,31}$/;

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 128;

export const MESSAGES = {
  usernameEmailPattern: 'Use letters, digits, "_", "-" or "." before "@", then a domain such as example.com.',
  email: 'Enter a valid e-mail address, such as name@example.com.',
  url: 'Enter a full web address starting with http:// or https://.',
  lowercase: 'Use lowercase letters only.',
  uppercase: 'Use uppercase letters only.',
  letters: 'Use letters only.',
  nonEmptyString: 'This field is required.',
  nonEmptyArray: 'Choose at least one.',
  objectExists: 'This is required.',
  username: 'A username has 3 to 32 letters, digits, "_", "-" or ".", and starts with a letter or digit.',
  password: `A password has ${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`,
  passwordCommon: 'This password is on lists of common or leaked passwords; choose another one.',
  passwordPersonal: 'A password must not be your e-mail address or username.',
  lengthBetween: (min: number, max: number) => `Use ${min} to ${max} characters.`,
} as const;

export function isUsernameEmailPattern(value: unknown): boolean {
  return typeof value === 'string' && value.length <= 254 && USERNAME_EMAIL_PATTERN.test(value);
}

export function isEmail(value: unknown): boolean {
  return typeof value === 'string' && value.length <= 254 && EMAIL_PATTERN.test(value);
}

export function isUrl(value: unknown): boolean {
  if (typeof value !== 'string' || value.length > 2048) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

export function isLowercase(value: unknown): boolean {
  return typeof value === 'string' && value.length > 0 && value === value.toLowerCase() && /\p{Ll}/u.test(value);
}

export function isUppercase(value: unknown): boolean {
  return typeof value === 'string' && value.length > 0 && value === value.toUpperCase() && /\p{Lu}/u.test(value);
}

export function isLettersOnly(value: unknown): boolean {
  return typeof value === 'string' && /^\p{L}+$/u.test(value);
}

export function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim().length > 0;
}

export function isNonEmptyArray(value: unknown): value is unknown[] {
  return Array.isArray(value) && value.length > 0;
}

export function objectExists(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}

/** Length (in characters, not UTF-16 units) from min to max inclusive. */
export function isLengthBetween(value: unknown, min: number, max: number): boolean {
  if (typeof value !== 'string' && !Array.isArray(value)) return false;
  const length = typeof value === 'string' ? [...value].length : value.length;
  return length >= min && length <= max;
}

/**
 * Characters that change how text around them is displayed without showing themselves: the
 * bidirectional controls (U+202A–U+202E embeddings and overrides, U+2066–U+2069 isolates,
 * U+200E/U+200F marks, U+061C Arabic letter mark), which can make `abc\u202Etxt.exe` display
 * as `abcexe.txt`, plus the zero-width space, the invisible operators (U+2060–U+2064) and the
 * byte order mark. Zero-width (non-)joiners stay allowed: scripts and emoji need them.
 */
export const INVISIBLE_CHARACTERS = /[\u061C\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/;

export function hasInvisibleCharacters(value: string): boolean {
  return INVISIBLE_CHARACTERS.test(value);
}

/** The message for a name with invisible characters, `what` being e.g. "An alert name". */
export const invisibleCharactersMessage = (what: string) => `${what} must not contain invisible direction characters.`;

/**
 * The check for every name a user writes, as `.refine(...visibleText('An alert name'))`: the
 * same rule and the same kind of message wherever a name is taken.
 */
export const visibleText = (what: string) =>
  [(value: string) => !hasInvisibleCharacters(value), invisibleCharactersMessage(what)] as const;

export function isUsername(value: unknown): boolean {
  return typeof value === 'string' && USERNAME_PATTERN.test(value);
}

export function isPassword(value: unknown): boolean {
  return isLengthBetween(value, PASSWORD_MIN, PASSWORD_MAX);
}

/** Whether a password is the account's e-mail address, its local part or the username (any case). */
export function passwordMatchesAccount(password: string, account: { email?: string; username?: string }): boolean {
  const candidate = password.trim().toLowerCase();
  const email = account.email?.trim().toLowerCase() ?? '';
  const names = [email, email.split('@')[0] ?? '', account.username?.trim().toLowerCase() ?? ''];
  return names.some((name) => name !== '' && name === candidate);
}

// zod forms of the same rules.

export const nonEmptyStringSchema = z.string({ message: MESSAGES.nonEmptyString }).refine(isNonEmptyString, {
  message: MESSAGES.nonEmptyString,
});

export const lengthBetweenSchema = (min: number, max: number) =>
  z.string({ message: MESSAGES.nonEmptyString }).refine((v) => isLengthBetween(v, min, max), {
    message: MESSAGES.lengthBetween(min, max),
  });

export const emailSchema = z
  .string({ message: MESSAGES.email })
  .trim()
  // The general check and the specification's pattern (top-level domain of 2 to 4 letters), one message.
  .refine((v) => isEmail(v) && isUsernameEmailPattern(v), { message: MESSAGES.email })
  .transform((v) => v.toLowerCase());

export const urlSchema = z.string({ message: MESSAGES.url }).refine(isUrl, { message: MESSAGES.url });

export const usernameSchema = z
  .string({ message: MESSAGES.username })
  .trim()
  .refine(isUsername, { message: MESSAGES.username });

export const passwordSchema = z
  .string({ message: MESSAGES.password })
  .refine(isPassword, { message: MESSAGES.password });

// What the databases can store: every request input passes these before a query sees it.

/** The largest value of a 32-bit INTEGER column: PostgreSQL's serial ids stop here. */
export const INT32_MAX = 2_147_483_647;

/** An id as text (a path or query parameter): decimal digits only, no sign, space, leading zero or exponent. */
const ID_TEXT = /^[1-9][0-9]{0,9}$/;

export const ID_MESSAGE = `expected an id (a whole number from 1 to ${INT32_MAX})`;

/** The id `value` names (a JSON number, or the plain decimal text of one), or null: ids are 1 to INT32_MAX. */
export function parseId(value: unknown): number | null {
  const n = typeof value === 'string' ? (ID_TEXT.test(value) ? Number(value) : Number.NaN) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= INT32_MAX ? n : null;
}

/** Every id a request names, in a path (text) or a body (a number or its text). */
export const idSchema = (message: string = ID_MESSAGE) =>
  z.union([z.number(), z.string()], { message }).transform((value, ctx) => {
    const id = parseId(value);
    if (id !== null) return id;
    ctx.issues.push({ code: 'custom', message, input: value });
    return z.NEVER;
  });

/** PostgreSQL text cannot hold NUL (the driver fails the query), so no input may carry it. */
export const NUL_MESSAGE = 'text must not contain the NUL character (\\u0000)';

interface Visit {
  value: unknown;
  key: string | number | null;
  parent: Visit | null;
}

function pathOf(visit: Visit): (string | number)[] {
  const path: (string | number)[] = [];
  for (let v: Visit | null = visit; v && v.key !== null; v = v.parent) path.push(v.key);
  return path.reverse();
}

/**
 * The paths of the strings and object keys holding NUL anywhere in `value` (parsed JSON, a
 * query, path parameters), at most `limit` of them. A key's own path ends with that key.
 * Iterative: a 1 MB body can nest deeper than the call stack.
 */
export function nulPaths(value: unknown, limit = 20): (string | number)[][] {
  const found: (string | number)[][] = [];
  const stack: Visit[] = [{ value, key: null, parent: null }];
  while (stack.length > 0 && found.length < limit) {
    const visit = stack.pop()!;
    const v = visit.value;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) found.push(pathOf(visit));
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], key: i, parent: visit });
    } else if (typeof v === 'object' && v !== null) {
      const keys = Object.keys(v);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i]!;
        const child: Visit = { value: (v as Record<string, unknown>)[key], key, parent: visit };
        if (key.includes('\u0000')) found.push(pathOf(child));
        else stack.push(child);
      }
    }
  }
  return found.slice(0, limit);
}
