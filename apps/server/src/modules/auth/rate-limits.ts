import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors.js';
import type { RateLimiter } from './rate-limiter.js';

const MINUTE = 60_000;

/** Per window; tuned so a person never meets them and a script soon does. */
export const AUTH_LIMITS = {
  /** Failed logins from one address (successful ones do not count). */
  loginFailuresPerIp: { limit: 30, windowMs: 15 * MINUTE },
  /** Failed logins of one account (successful ones reset it). */
  loginFailuresPerAccount: { limit: 10, windowMs: 15 * MINUTE },
  signupPerIp: { limit: 20, windowMs: 60 * MINUTE },
  resetPerIp: { limit: 20, windowMs: 15 * MINUTE },
  resetPerAccount: { limit: 5, windowMs: 60 * MINUTE },
  passwordChangePerAccount: { limit: 10, windowMs: 15 * MINUTE },
} as const;

export type LimitName = keyof typeof AUTH_LIMITS;

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
  if (ips && ips.length > 1) return ips[1] ?? request.ip;
  return request.ip || 'unknown';
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
export async function consume(limiter: RateLimiter, name: LimitName, subject: string): Promise<void> {
  const { limit, windowMs } = AUTH_LIMITS[name];
  const result = await limiter.hit(limitKey(name, subject), limit, windowMs);
  if (!result.allowed) throw tooMany(result.retryAfterSeconds);
}

/** A 429 when the limit is already reached, without counting this request. */
export async function ensureUnder(limiter: RateLimiter, name: LimitName, subject: string): Promise<void> {
  const { count, retryAfterSeconds } = await limiter.peek(limitKey(name, subject));
  if (count >= AUTH_LIMITS[name].limit) throw tooMany(retryAfterSeconds);
}

/** Counts a failure towards a limit checked with ensureUnder. */
export async function recordFailure(limiter: RateLimiter, name: LimitName, subject: string): Promise<void> {
  const { limit, windowMs } = AUTH_LIMITS[name];
  await limiter.hit(limitKey(name, subject), limit, windowMs);
}

function formatWait(seconds: number): string {
  if (seconds < 90) return `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}
