import type { Log } from '../../logging.js';
import { getContactForUser } from '../contacts/contacts.repository.js';
import type { ContactSyncClient } from '../integrations/contact-sync.js';
import { loadBillingUser, type Db } from './billing.repository.js';

/**
 * Tells the contact list (CONTACT_SYNC_URL) that a user's tags changed. Off the request path:
 * a sync failure is logged and never fails what changed the tag.
 */
export class ContactUpdates {
  constructor(private readonly deps: { db: Db; contactSync: ContactSyncClient | null; log: Log }) {}

  changed(userId: number): void {
    const { db, contactSync, log } = this.deps;
    if (!contactSync) return;
    void (async () => {
      const user = await loadBillingUser(db, userId);
      const contact = await getContactForUser(db, userId);
      if (!user || !contact) return;
      await contactSync.upsert({
        id: contact.id,
        email: user.email,
        username: user.username,
        tag_ids: contact.tag_ids,
      });
    })().catch((error: unknown) => log.warn({ err: error }, 'contact sync failed'));
  }
}
