import type { Log } from '../../logging.js';
import type { MailSender } from '../mail/mail-sender.js';
import type { Language } from '@solstice/contracts';
import {
  mailRecipient,
  mailTemplates,
  mailTo,
  type MailUser,
  type PlanFacts,
  type RenderedMail,
} from '../mail/mail-templates.js';

/** A billing user as its mails read it. */
interface Recipient {
  email: string;
  username: string;
  locale?: string | null;
}
import type { PlanRow } from './catalogue.js';

function planFacts(plan: PlanRow): PlanFacts {
  return { productName: plan.productName, amount: plan.amount, currency: plan.currency, interval: plan.interval };
}

/** The mails billing sends. A mail failure is logged and never undoes a payment. */
export class BillingMail {
  /** `appUrl`: the public origin (PUBLIC_URL), never the Host a request named. */
  constructor(private readonly deps: { appUrl: string; mail: MailSender; log: Log; defaultLanguage?: Language }) {}

  private to(user: Recipient): MailUser {
    return mailRecipient(user, this.deps.defaultLanguage ?? 'en');
  }

  private get appUrl(): string {
    return this.deps.appUrl;
  }

  async started(user: Recipient, plan: PlanRow, periodEnd: number): Promise<void> {
    await this.send(user, mailTemplates.subscriptionStarted(this.to(user), planFacts(plan), periodEnd, this.appUrl));
  }

  async receipt(
    user: Recipient,
    plan: PlanRow,
    payment: { id: number; paidAt: number; cardLast4: string | null; periodEnd: number },
  ): Promise<void> {
    await this.send(user, mailTemplates.receipt(this.to(user), planFacts(plan), payment));
  }

  async ending(user: Recipient, plan: PlanRow, periodEnd: number): Promise<void> {
    await this.send(user, mailTemplates.subscriptionEnding(this.to(user), planFacts(plan), periodEnd, this.appUrl));
  }

  async ended(user: Recipient, plan: PlanRow, reason: string): Promise<void> {
    await this.send(user, mailTemplates.subscriptionEnded(this.to(user), planFacts(plan), reason, this.appUrl));
  }

  private async send(user: Recipient, mail: RenderedMail): Promise<void> {
    try {
      await this.deps.mail.send(mailTo(user.email, mail));
    } catch (error) {
      this.deps.log.warn({ err: error, template: mail.template }, 'mail: sending failed');
    }
  }
}
