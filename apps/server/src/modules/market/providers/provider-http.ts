import type { z } from 'zod';
import { excerpt, ProviderError, type ProviderErrorOptions, type FailureKind } from './provider-error.js';
import { realHttpDeps, type HttpDeps, type RequestPolicy } from './http-deps.js';
import type { ProviderId } from './provider.js';
import { RequestGate } from './request-gate.js';

/** An answer as read off the wire. */
export interface HttpAnswer {
  status: number;
  headers: Headers;
  contentType: string;
  body: string;
}

/** An adapter's reading of an answer: a ProviderError, or null for the common rules. */
export type Classify = (answer: HttpAnswer) => ProviderError | null;

/** What an HTTP provider is built from: tests give another base URL, policy or clock. */
export interface HttpProviderOptions {
  baseUrl?: string;
  policy?: Partial<RequestPolicy>;
  deps?: Partial<HttpDeps>;
}

/** A provider that needs an API key (Tiingo, EODHD). */
export interface KeyedProviderOptions extends HttpProviderOptions {
  apiKey: string;
}

/**
 * An adapter's base URL (without a trailing slash), its deps and its ProviderHttp, from its
 * defaults and the options; an API key is redacted from every message.
 */
export function providerHttpOf(
  provider: ProviderId,
  defaults: { baseUrl: string; policy: RequestPolicy },
  options: HttpProviderOptions & { apiKey?: string },
): { base: string; deps: HttpDeps; http: ProviderHttp } {
  const base = (options.baseUrl ?? defaults.baseUrl).replace(/\/+$/, '');
  const deps = { ...realHttpDeps, ...options.deps };
  const http = new ProviderHttp(provider, { ...defaults.policy, ...options.policy }, deps, options.apiKey);
  return { base, deps, http };
}

/** How long a provider whose key was refused is not asked again. */
const KEY_REFUSED_PAUSE_MS = 24 * 3_600_000;

/** Larger answers are refused: a whole Tiingo history is a few MB. */
export const MAX_BODY_BYTES = 32 * 1024 * 1024;

/** Retry-After in seconds or as an HTTP date → milliseconds from now (undefined when absent or unreadable). */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Exponential backoff with equal jitter: half the step fixed, half random. */
export function backoffDelay(attempt: number, policy: RequestPolicy, random: () => number): number {
  const step = Math.min(policy.maxBackoffMs, policy.backoffMs * 2 ** (attempt - 1));
  return step / 2 + random() * (step / 2);
}

export function isHtml(answer: HttpAnswer): boolean {
  return (
    /text\/html|application\/xhtml/i.test(answer.contentType) || /^\s*<(!doctype|html|head|body)\b/i.test(answer.body)
  );
}

/**
 * One provider's HTTP: every request with a timeout (AbortSignal), through the provider's
 * concurrency gate, retried with backoff and jitter when worth it (network, timeout, 5xx,
 * 429 with Retry-After honoured), and an answer that is not data turned into a
 * ProviderError. A rate limit that lasts, a used-up quota or a refused key pauses the
 * provider: later requests fail at once so that the caller falls back to the next one.
 */
export class ProviderHttp {
  private readonly gate: RequestGate;
  private pausedUntil = 0;
  private pauseReason = '';

  constructor(
    readonly provider: ProviderId,
    readonly policy: RequestPolicy,
    readonly deps: HttpDeps,
    /** Redacted from every message (an API key that a body might echo). */
    readonly secret?: string,
  ) {
    this.gate = new RequestGate(policy.concurrency, policy.minIntervalMs, deps);
  }

  error(symbol: string, kind: FailureKind, detail: string, options?: ProviderErrorOptions): ProviderError {
    return new ProviderError(this.provider, symbol, kind, excerpt(detail, this.secret, 300), options);
  }

  /** A body excerpt for a message. */
  quote(body: string): string {
    return JSON.stringify(excerpt(body, this.secret));
  }

  /** A keyed provider's 404: the symbol is not one it knows. */
  unknownSymbol(symbol: string, body: string): ProviderError {
    return this.error(symbol, 'unknown-symbol', `unknown symbol ${this.quote(body)}`);
  }

  /** A keyed provider refused its key (`setting` names it): the provider pauses for a day. */
  keyRefused(symbol: string, answer: HttpAnswer, setting: string): ProviderError {
    const detail = `key refused (HTTP ${answer.status} ${this.quote(answer.body)}): check ${setting}`;
    return this.error(symbol, 'auth', detail, { pauseMs: KEY_REFUSED_PAUSE_MS });
  }

  /** Until when the provider is paused (epoch ms; 0 when it is not). */
  pausedUntilMs(): number {
    return this.pausedUntil > this.deps.now() ? this.pausedUntil : 0;
  }

  private pause(ms: number, reason: string): void {
    this.pausedUntil = Math.max(this.pausedUntil, this.deps.now() + ms);
    this.pauseReason = reason;
  }

  /** A GET whose answer is data: 2xx, not empty, not an HTML page. */
  async get(
    symbol: string,
    url: string,
    headers: Record<string, string>,
    classify: Classify,
    signal?: AbortSignal,
  ): Promise<HttpAnswer> {
    for (let attempt = 1; ; attempt++) {
      if (this.pausedUntilMs() > 0) {
        throw this.error(
          symbol,
          'paused',
          `not asked: paused until ${new Date(this.pausedUntil).toISOString()} after "${this.pauseReason}"`,
        );
      }
      let failure: ProviderError;
      try {
        const answer = await this.gate.run(() => this.once(symbol, url, headers, signal), signal);
        const found = classify(answer) ?? this.commonFailure(symbol, answer);
        if (found === null) return answer;
        failure = found;
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        failure = error;
      }
      if (failure.pauseMs !== undefined) {
        this.pause(failure.pauseMs, failure.detail);
        throw failure;
      }
      if (!failure.retryable || attempt >= this.policy.attempts) {
        if (attempt > 1) throw this.error(symbol, failure.kind, `${failure.detail} (after ${attempt} attempts)`);
        throw failure;
      }
      if (failure.retryAfterMs !== undefined && failure.retryAfterMs > this.policy.maxRetryAfterMs) {
        this.pause(failure.retryAfterMs, failure.detail);
        throw failure;
      }
      const wait = Math.max(failure.retryAfterMs ?? 0, backoffDelay(attempt, this.policy, this.deps.random));
      await this.deps.sleep(wait, signal);
    }
  }

  private async once(
    symbol: string,
    url: string,
    headers: Record<string, string>,
    signal?: AbortSignal,
  ): Promise<HttpAnswer> {
    const timeout = AbortSignal.timeout(this.policy.timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    try {
      const response = await this.deps.fetch(url, { headers, signal: combined });
      const body = await readBody(response, () =>
        this.error(symbol, 'invalid-response', `answer larger than ${MAX_BODY_BYTES / 1024 / 1024} MiB`),
      );
      return {
        status: response.status,
        headers: response.headers,
        contentType: response.headers.get('content-type') ?? '',
        body,
      };
    } catch (error) {
      if (error instanceof ProviderError) throw error;
      if (signal?.aborted) throw signal.reason;
      if (timeout.aborted)
        throw this.error(symbol, 'timeout', `no answer within ${this.policy.timeoutMs} ms`, { retryable: true });
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
      const code = cause && typeof cause === 'object' && 'code' in cause ? String(cause.code) : '';
      const text = code || (cause instanceof Error ? cause.message : String(cause));
      throw this.error(symbol, 'network', `network error (${text})`, { retryable: true });
    }
  }

  /** What every provider's answer must pass: status, a body, and not a web page. */
  private commonFailure(symbol: string, answer: HttpAnswer): ProviderError | null {
    const { status, body } = answer;
    if (status === 429) {
      return this.error(symbol, 'rate-limited', `rate limited (HTTP 429 ${this.quote(body)})`, {
        retryable: true,
        retryAfterMs: parseRetryAfter(answer.headers.get('retry-after'), this.deps.now()),
      });
    }
    if (status >= 500) {
      const what = isHtml(answer) ? 'an HTML page' : this.quote(body);
      return this.error(symbol, 'unavailable', `provider unavailable (HTTP ${status}, ${what})`, { retryable: true });
    }
    if (status < 200 || status >= 300) {
      const kind: FailureKind =
        status === 404
          ? 'unknown-symbol'
          : status === 401
            ? 'auth'
            : status === 402
              ? 'quota'
              : status === 403
                ? 'plan'
                : 'invalid-response';
      return this.error(symbol, kind, `HTTP ${status} ${this.quote(body)}`);
    }
    if (body.trim() === '')
      return this.error(symbol, 'invalid-response', `empty answer (HTTP ${status})`, { retryable: true });
    if (isHtml(answer)) {
      return this.error(
        symbol,
        'blocked',
        `an HTML page instead of data (HTTP ${status}: a bot wall, consent or error page) ${this.quote(body)}`,
      );
    }
    return null;
  }

  /**
   * The JSON of a data answer checked against the documented shape. A message object
   * ({"Note": …}, {"Information": …}, {"error": …}, {"detail": …}) where data was expected is
   * an error that quotes the message; so is text that is not JSON.
   */
  parse<T>(symbol: string, answer: HttpAnswer, schema: z.ZodType<T>): T {
    let json: unknown;
    try {
      json = JSON.parse(answer.body);
    } catch {
      throw this.error(symbol, 'invalid-response', `not JSON: ${this.quote(answer.body)}`);
    }
    const parsed = schema.safeParse(json);
    if (parsed.success) return parsed.data;
    const message = messageOf(json);
    if (message !== null) throw this.messageError(symbol, message);
    const issue = parsed.error.issues[0]!;
    throw this.error(
      symbol,
      'invalid-response',
      `unexpected answer: ${issue.path.join('.') || '(top)'}: ${issue.message}`,
    );
  }

  /** A message with status 200: a rate limit, a plan, a key, or just not data. */
  messageError(symbol: string, message: string): ProviderError {
    const quoted = this.quote(message);
    if (/too many|rate limit|per (second|minute|hour)|run over|exceeded|spreading out/i.test(message))
      return this.error(symbol, 'rate-limited', `rate limited: ${quoted}`, { retryable: true });
    if (/premium|upgrade|subscri|plan\b/i.test(message))
      return this.error(symbol, 'plan', `not in the plan: ${quoted}`);
    if (/api[ _-]?key|token|unauthori[sz]ed|authenticat/i.test(message))
      return this.error(symbol, 'auth', `key refused: ${quoted}`);
    return this.error(symbol, 'invalid-response', `a message instead of data: ${quoted}`);
  }
}

const MESSAGE_KEYS = /^(note|information|error message|error|message|detail|warning)$/i;

/** The text of a message-only JSON object, or null. */
export function messageOf(json: unknown): string | null {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return null;
  for (const [key, value] of Object.entries(json)) {
    if (!MESSAGE_KEYS.test(key)) continue;
    if (typeof value === 'string') return value;
    if (value && typeof value === 'object') {
      const inner = Object.values(value).find((v): v is string => typeof v === 'string' && v.length > 0);
      if (inner) return inner;
    }
  }
  return null;
}

async function readBody(response: Response, tooLarge: () => Error): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > MAX_BODY_BYTES) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
