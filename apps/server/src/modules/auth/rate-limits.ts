import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors.js';
import type { AttemptRule, RateLimiter } from './rate-limiter.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** Per window; tuned so a person never meets them and a script soon does. */
export const AUTH_LIMITS = {
  /** Failed logins from one address, whatever the accounts (credential stuffing). */
  loginFailuresPerIp: { limit: 30, windowMs: 15 * MINUTE },
  signupPerIp: { limit: 20, windowMs: 60 * MINUTE },
  resetPerIp: { limit: 20, windowMs: 15 * MINUTE },
  resetPerAccount: { limit: 5, windowMs: 60 * MINUTE },
  passwordChangePerAccount: { limit: 10, windowMs: 15 * MINUTE },
} as const;

/**
 * Growing lockouts of login failures. Keyed by account and client address, an attacker
 * locks out only their own address: the owner still signs in from theirs. The account-wide
 * one is looser, with short locks, so that a distributed attack is slowed to about one
 * guess a minute while the owner waits a minute at most.
 */
export const LOGIN_BACKOFF = {
  /** The 5th failure locks for 1 s, then 2 s, 4 s … at most 15 min; cleared by a successful login. */
  loginFailuresPerClient: { lockAfter: 5, firstLockMs: SECOND, maxLockMs: 15 * MINUTE, forgetMs: HOUR },
  /** The 50th failure from anywhere locks for 1 s, then 2 s, 4 s … at most 1 min. */
  loginFailuresPerAccount: { lockAfter: 50, firstLockMs: SECOND, maxLockMs: MINUTE, forgetMs: HOUR },
} as const;

export type LimitName = keyof typeof AUTH_LIMITS | keyof typeof LOGIN_BACKOFF;

export function limitKey(name: LimitName, subject: string): string {
  return `${name}:${subject}`;
}

/**
 * The client address for per-IP limits. Behind a trusted proxy, the address that proxy
 * saw (the right-most X-Forwarded-For entry): the left-most one, Fastify's request.ip,
 * is whatever the client wrote there.
 */
export function ipOf(request: FastifyRequest): string {
  const ips = request.ips;
  const ip = ips && ips.length > 1 ? (ips[1] ?? request.ip) : request.ip || 'unknown';
  return clientKey(ip);
}

/**
 * One client per IPv4 address, and per /64 network for IPv6: one subscriber line holds a
 * whole /64, so counting each address apart would give an attacker endless fresh ones.
 */
export function clientKey(ip: string): string {
  const v4mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (v4mapped) return v4mapped[1]!;
  if (!ip.includes(':')) return ip;
  const [head = '', tail = ''] = ip.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === '' ? [] : tail.split(':');
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => (parseInt(g, 16) || 0).toString(16))
    .join(':')}::/64`;
}

function tooMany(retryAfterSeconds: number): AppError {
  return new AppError(
    'rate_limited',
    `Too many attempts; try again in ${formatWait(retryAfterSeconds)}.`,
    { retryAfterSeconds },
    { 'retry-after': String(retryAfterSeconds) },
  );
}

/** Counts a hit; over the limit, a 429 with Retry-After. */
export async function consume(limiter: RateLimiter, name: keyof typeof AUTH_LIMITS, subject: string): Promise<void> {
  const { limit, windowMs } = AUTH_LIMITS[name];
  const result = await limiter.hit(limitKey(name, subject), limit, windowMs);
  if (!result.allowed) throw tooMany(result.retryAfterSeconds);
}

export interface LoginAttempt {
  /** The password was right: the attempt counts against neither the address nor the account. */
  succeeded(): Promise<void>;
}

/**
 * Counts a login attempt as failed before the password is checked, against the client,
 * the address and the account at once (a 429 and nothing counted when any is at its limit);
 * `succeeded()` takes it back. `account` names the account whichever login was typed.
 */
export async function reserveLoginAttempt(limiter: RateLimiter, account: string, ip: string): Promise<LoginAttempt> {
  const client = limitKey('loginFailuresPerClient', `${ip} ${account}`);
  const address = limitKey('loginFailuresPerIp', ip);
  const wholeAccount = limitKey('loginFailuresPerAccount', account);
  const rules: AttemptRule[] = [
    { kind: 'backoff', key: client, ...LOGIN_BACKOFF.loginFailuresPerClient },
    { kind: 'window', key: address, ...AUTH_LIMITS.loginFailuresPerIp },
    { kind: 'backoff', key: wholeAccount, ...LOGIN_BACKOFF.loginFailuresPerAccount },
  ];
  const reservation = await limiter.reserve(rules);
  if (!reservation.allowed) throw tooMany(reservation.retryAfterSeconds);
  return {
    succeeded: async () => {
      await limiter.reset(client);
      await limiter.release([address, wholeAccount]);
    },
  };
}

function formatWait(seconds: number): string {
  if (seconds === 1) return '1 second';
  if (seconds < 90) return `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}
