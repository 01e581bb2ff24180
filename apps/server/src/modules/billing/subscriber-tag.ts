import { SUBSCRIBER_TAG_ID } from '@solstice/contracts';
import { notFound } from '../../http/errors.js';
import { addTag, ensureContactForUser, getContactForUser, removeTag } from '../contacts/contacts.repository.js';
import type { Clock } from '../jobs/clock.js';
import { findSubscription, liveSubscriptionIds, markPaymentsRefunded, type Db } from './billing.repository.js';
import type { ContactUpdates } from './contact-updates.js';
import type { SubscriptionLifecycle } from './subscription-lifecycle.js';

export interface ContactTags {
  id: number;
  tag_ids: number[];
}

/** What admins do by hand: the subscriber tag without payment, revoking it, refunds. */
export class SubscriberTag {
  constructor(
    private readonly deps: { db: Db; clock: Clock; lifecycle: SubscriptionLifecycle; contacts: ContactUpdates },
  ) {}

  /** Grants the subscriber tag by hand (no payment); it stays until revoked. */
  async grant(userId: number): Promise<ContactTags> {
    const { db, clock, contacts } = this.deps;
    const contact = await ensureContactForUser(db, userId, clock.now());
    await addTag(db, contact.id, SUBSCRIBER_TAG_ID);
    contacts.changed(userId);
    const after = await getContactForUser(db, userId);
    return { id: contact.id, tag_ids: after?.tag_ids ?? [] };
  }

  /** Removes the tag and ends the user's live subscriptions. */
  async revoke(userId: number, reason = 'revoked by an administrator'): Promise<ContactTags> {
    const { db, clock, lifecycle, contacts } = this.deps;
    for (const id of await liveSubscriptionIds(db, userId)) await lifecycle.end(id, reason);
    const contact = await ensureContactForUser(db, userId, clock.now());
    await removeTag(db, contact.id, SUBSCRIBER_TAG_ID);
    contacts.changed(userId);
    const after = await getContactForUser(db, userId);
    return { id: contact.id, tag_ids: after?.tag_ids ?? [] };
  }

  /** Marks the subscription's payments refunded and ends it at once. */
  async refund(subscriptionId: number): Promise<void> {
    const { db, lifecycle } = this.deps;
    if (!(await findSubscription(db, subscriptionId))) throw notFound(`There is no subscription ${subscriptionId}.`);
    await markPaymentsRefunded(db, subscriptionId);
    await lifecycle.end(subscriptionId, 'refunded');
  }
}
