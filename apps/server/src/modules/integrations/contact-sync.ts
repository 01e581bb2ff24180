import type { Settings } from '../../config/settings.js';
import { sendJson, type IntegrationLogger, type JsonResponse } from './json-http-client.js';

export interface SyncedContact {
  id: number;
  email: string;
  username: string;
  tag_ids: number[];
}

export interface ContactSyncOptions {
  url: string;
  key: string;
  timeoutMs?: number;
  retries?: number;
  backoffMs?: number;
  logger?: IntegrationLogger;
}

/**
 * The contact-list sync of specification §7: a PUT with JSON content and
 * `Authorization: Bearer <CONTACT_SYNC_KEY>` to CONTACT_SYNC_URL. Off unless both are set.
 */
export class ContactSyncClient {
  constructor(private readonly options: ContactSyncOptions) {}

  static fromSettings(settings: Settings, logger?: IntegrationLogger): ContactSyncClient | null {
    if (!settings.CONTACT_SYNC_URL || !settings.CONTACT_SYNC_KEY) return null;
    return new ContactSyncClient({ url: settings.CONTACT_SYNC_URL, key: settings.CONTACT_SYNC_KEY, logger });
  }

  upsert(contact: SyncedContact): Promise<JsonResponse> {
    return sendJson({
      method: 'PUT',
      url: this.options.url,
      body: {
        contacts: [{ id: contact.id, email: contact.email, username: contact.username, tag_ids: contact.tag_ids }],
      },
      headers: { authorization: `Bearer ${this.options.key}` },
      timeoutMs: this.options.timeoutMs ?? 5000,
      retries: this.options.retries ?? 2,
      backoffMs: this.options.backoffMs ?? 500,
      service: 'contact-sync',
      logger: this.options.logger,
    });
  }
}
