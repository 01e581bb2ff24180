import type { Settings } from '../../config/settings.js';
import { sendJson, type IntegrationLogger, type JsonResponse } from './json-http-client.js';

export interface ContentServiceOptions {
  baseUrl: string;
  timeoutMs?: number;
  retries?: number;
  backoffMs?: number;
  logger?: IntegrationLogger;
}

/** The content-service POST of specification §7 (a body to a content path under CMS_URL). Off unless set. */
export class ContentServiceClient {
  constructor(private readonly options: ContentServiceOptions) {}

  static fromSettings(settings: Settings, logger?: IntegrationLogger): ContentServiceClient | null {
    return settings.CMS_URL ? new ContentServiceClient({ baseUrl: settings.CMS_URL, logger }) : null;
  }

  /** `path` is relative to CMS_URL; it may not leave it (no scheme, no "..", no "//"). */
  post(path: string, body: unknown): Promise<JsonResponse> {
    if (!/^[A-Za-z0-9_\-./]+$/.test(path) || path.includes('..') || path.includes('//')) {
      return Promise.reject(new Error(`content path ${JSON.stringify(path)} is not allowed`));
    }
    const base = this.options.baseUrl.endsWith('/') ? this.options.baseUrl : `${this.options.baseUrl}/`;
    return sendJson({
      method: 'POST',
      url: new URL(path.replace(/^\//, ''), base).toString(),
      body,
      timeoutMs: this.options.timeoutMs ?? 5000,
      retries: this.options.retries ?? 2,
      backoffMs: this.options.backoffMs ?? 500,
      service: 'content-service',
      logger: this.options.logger,
    });
  }
}
