import type { Language } from '@solstice/contracts';
import type { Log } from '../../logging.js';
import type { ContactSyncClient } from '../integrations/contact-sync.js';
import type { Clock } from '../jobs/clock.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { MailSender } from '../mail/mail-sender.js';
import { BillingMail } from './billing-mail.js';
import { PERIOD_END_JOB } from './billing-period.js';
import type { Db } from './billing.repository.js';
import { Checkout } from './checkout.js';
import { ContactUpdates } from './contact-updates.js';
import { PaymentEvents } from './payment-events.js';
import type { Payments } from './payment-provider.js';
import { SubscriberTag } from './subscriber-tag.js';
import { SubscriptionLifecycle } from './subscription-lifecycle.js';
import { Subscriptions } from './subscriptions.js';

export interface BillingDeps {
  db: Db;
  clock: Clock;
  jobs: JobQueue;
  mail: MailSender;
  log: Log;
  payments: Payments;
  contactSync: ContactSyncClient | null;
  /** The public origin (PUBLIC_URL): links in mail and the provider's return links. */
  appUrl: string;
  /** The language of mails to users who chose none (DEFAULT_LANGUAGE). */
  defaultLanguage?: Language;
}

/** Billing's services, each built once by the composition root. */
export interface Billing {
  readonly payments: Payments;
  readonly checkout: Checkout;
  readonly subscriptions: Subscriptions;
  readonly lifecycle: SubscriptionLifecycle;
  readonly subscriberTag: SubscriberTag;
  readonly paymentEvents: PaymentEvents;
}

export function createBilling(deps: BillingDeps): Billing {
  const { db, clock, jobs, log, payments, appUrl } = deps;
  const mail = new BillingMail({ appUrl, mail: deps.mail, log, defaultLanguage: deps.defaultLanguage });
  const contacts = new ContactUpdates({ db, contactSync: deps.contactSync, log });
  const lifecycle = new SubscriptionLifecycle({ db, clock, jobs, mail, contacts, log, testMode: payments.testMode });
  return Object.freeze({
    payments,
    checkout: new Checkout({ db, clock, payments, lifecycle, log, appUrl }),
    subscriptions: new Subscriptions({ db, clock, mail, stripe: payments.stripe, log }),
    lifecycle,
    subscriberTag: new SubscriberTag({ db, clock, lifecycle, contacts }),
    paymentEvents: new PaymentEvents({ db, clock, stripe: payments.stripe, lifecycle, log }),
  });
}

/** Billing's scheduled work: the end of each subscription period. */
export function registerBillingJobs(jobs: JobQueue, billing: Billing): void {
  jobs.register(
    PERIOD_END_JOB,
    async (payload) => {
      await billing.lifecycle.handlePeriodEnd(Number(payload.subscriptionId));
    },
    'billing',
  );
}
