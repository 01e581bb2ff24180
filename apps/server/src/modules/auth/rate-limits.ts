import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors.js';
import type { RateLimiter } from './rate-limiter.js';

const MINUTE = 60_000;

/** Per window; tuned so a person never meets them and a script soon does. */
export const AUTH_LIMITS = {
  loginPerIp: { limit: 30, windowMs: 15 * MINUTE },
  /** Failed logins of one account (successful ones reset it). */
  loginFailuresPerAccount: { limit: 10, windowMs: 15 * MINUTE },
  signupPerIp: { limit: 10, windowMs: 60 * MINUTE },
  resetPerIp: { limit: 10, windowMs: 15 * MINUTE },
  resetPerAccount: { limit: 3, windowMs: 60 * MINUTE },
  passwordChangePerAccount: { limit: 10, windowMs: 15 * MINUTE },
} as const;

export type LimitName = keyof typeof AUTH_LIMITS;

export function limitKey(name: LimitName, subject: string): string {
  return `${name}:${subject}`;
}

export function ipOf(request: FastifyRequest): string {
  return request.ip || 'unknown';
}

/** Counts a hit; over the limit, a 429 with Retry-After. */
export async function consume(limiter: RateLimiter, name: LimitName, subject: string): Promise<void> {
  const { limit, windowMs } = AUTH_LIMITS[name];
  const result = await limiter.hit(limitKey(name, subject), limit, windowMs);
  if (!result.allowed) {
    throw new AppError(
      'rate_limited',
      `Too many attempts; try again in ${formatWait(result.retryAfterSeconds)}.`,
      { retryAfterSeconds: result.retryAfterSeconds },
      { 'retry-after': String(result.retryAfterSeconds) },
    );
  }
}

function formatWait(seconds: number): string {
  if (seconds < 90) return `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}
