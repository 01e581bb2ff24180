export interface IntegrationLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface JsonRequestOptions {
  method: 'PUT' | 'POST';
  url: string;
  body: unknown;
  headers?: Record<string, string>;
  /** Per attempt. */
  timeoutMs: number;
  /** Attempts after the first one, for network errors, timeouts, 429 and 5xx. */
  retries: number;
  /** Delay before retry n (1-based) is backoffMs * 2^(n-1). */
  backoffMs: number;
  /** A name for the log lines. */
  service: string;
  logger?: IntegrationLogger;
}

export interface JsonResponse {
  status: number;
  body: unknown;
}

export class IntegrationError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'IntegrationError';
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A JSON request with a timeout per attempt and bounded retries; 4xx (except 429) fails at once. */
export async function sendJson(options: JsonRequestOptions): Promise<JsonResponse> {
  let lastError: IntegrationError | null = null;
  for (let attempt = 0; attempt <= options.retries; attempt++) {
    if (attempt > 0) await sleep(options.backoffMs * 2 ** (attempt - 1));
    const started = Date.now();
    try {
      const response = await fetch(options.url, {
        method: options.method,
        headers: { 'content-type': 'application/json', accept: 'application/json', ...options.headers },
        body: JSON.stringify(options.body),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      const text = await response.text();
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        // a non-JSON answer is kept as text
      }
      const ms = Date.now() - started;
      if (response.ok) {
        options.logger?.info(
          { service: options.service, status: response.status, ms, attempt: attempt + 1 },
          `${options.service}: ok`,
        );
        return { status: response.status, body };
      }
      lastError = new IntegrationError(`${options.service} answered ${response.status}`, response.status);
      const retryable = response.status === 429 || response.status >= 500;
      options.logger?.warn(
        {
          service: options.service,
          status: response.status,
          ms,
          attempt: attempt + 1,
          retrying: retryable && attempt < options.retries,
        },
        `${options.service}: HTTP ${response.status}`,
      );
      if (!retryable) throw lastError;
    } catch (error) {
      if (error instanceof IntegrationError && error.status !== null && error.status !== 429 && error.status < 500)
        throw error;
      if (!(error instanceof IntegrationError)) {
        const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
        lastError = new IntegrationError(
          timedOut
            ? `${options.service} timed out after ${options.timeoutMs} ms`
            : `${options.service} unreachable: ${(error as Error).message}`,
          null,
        );
        options.logger?.warn(
          {
            service: options.service,
            attempt: attempt + 1,
            retrying: attempt < options.retries,
            err: lastError.message,
          },
          `${options.service}: request failed`,
        );
      }
    }
  }
  throw lastError ?? new IntegrationError(`${options.service} failed`, null);
}
