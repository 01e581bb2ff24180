import { LOCALE_OF, languageOfLocale, type Language } from '@solstice/contracts';
import { MAIL_TEXTS } from './mail-texts.js';
import type { MailMessage } from './mail-sender.js';

/**
 * The mails Solstice sends. Each template gives a subject, a plain-text body and a small HTML
 * body; everything that comes from a user (names, addresses, links) is escaped in the HTML.
 */
export interface RenderedMail {
  template: MailTemplateName;
  subject: string;
  text: string;
  html: string;
}

/** The message that sends a rendered mail to one address. */
export function mailTo(to: string, mail: RenderedMail): MailMessage {
  return { to, subject: mail.subject, text: mail.text, html: mail.html, template: mail.template };
}

export type MailTemplateName =
  'welcome' | 'password-reset' | 'subscription-started' | 'receipt' | 'subscription-ending' | 'subscription-ended';

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** 2900, 'usd' → "USD 29.00" in English, "$29,00" in Turkish (amounts are cents). */
export function formatMoney(amount: number, currency: string, language: Language = 'en'): string {
  if (language === 'en') return `${currency.toUpperCase()} ${(amount / 100).toFixed(2)}`;
  return new Intl.NumberFormat(LOCALE_OF[language], { style: 'currency', currency: currency.toUpperCase() }).format(
    amount / 100,
  );
}

/** An instant as a calendar date in UTC: "2026-12-21" in English, "21.12.2026" in Turkish. */
export function formatDate(ms: number, language: Language = 'en'): string {
  if (language === 'en') return new Date(ms).toISOString().slice(0, 10);
  return new Intl.DateTimeFormat(LOCALE_OF[language], { timeZone: 'UTC', dateStyle: 'short' }).format(ms);
}

interface Block {
  /** Plain paragraphs; escaped in the HTML. */
  paragraphs: string[];
  link?: { label: string; url: string };
}

function render(
  language: Language,
  template: MailTemplateName,
  subject: string,
  greetingName: string,
  block: Block,
): RenderedMail {
  const words = MAIL_TEXTS[language];
  const lines = [words.hello(greetingName), '', ...block.paragraphs.flatMap((p) => [p, ''])];
  if (block.link) lines.push(`${block.link.label}: ${block.link.url}`, '');
  lines.push(words.signOff);
  const html = [
    `<!doctype html><html lang="${language}"><body style="font-family: Roboto, Arial, sans-serif; color: #222;">`,
    `<p>${escapeHtml(words.hello(greetingName))}</p>`,
    ...block.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    block.link ? `<p><a href="${escapeHtml(block.link.url)}">${escapeHtml(block.link.label)}</a></p>` : '',
    `<p>${escapeHtml(words.signOff)}</p>`,
    '</body></html>',
  ].join('\n');
  return { template, subject, text: lines.join('\n'), html };
}

export interface MailUser {
  email: string;
  username: string;
  /** The language of this user's mails (their profile's, else the operator's default); English when absent. */
  language?: Language;
}

/** A user row as a mail recipient: their chosen locale's language, else the operator's default. */
export function mailRecipient(
  row: { email: string; username: string; locale?: string | null },
  defaultLanguage: Language,
): MailUser {
  return { email: row.email, username: row.username, language: languageOfLocale(row.locale) ?? defaultLanguage };
}

export interface PlanFacts {
  productName: string;
  amount: number;
  currency: string;
  interval: 'month' | 'year';
}

const lang = (user: MailUser): Language => user.language ?? 'en';

function planWords(language: Language, plan: PlanFacts, renews: number) {
  const words = MAIL_TEXTS[language];
  return {
    product: plan.productName,
    price: formatMoney(plan.amount, plan.currency, language),
    per: plan.interval === 'month' ? words.perMonth : words.perYear,
    renews: formatDate(renews, language),
  };
}

export const mailTemplates = {
  welcome(user: MailUser, appUrl: string): RenderedMail {
    const l = lang(user);
    const w = MAIL_TEXTS[l].welcome;
    return render(l, 'welcome', w.subject, user.username, {
      paragraphs: w.paragraphs,
      link: { label: w.link, url: `${appUrl}/dashboard` },
    });
  },

  passwordReset(user: MailUser, resetUrl: string, validMinutes: number): RenderedMail {
    const l = lang(user);
    const w = MAIL_TEXTS[l].passwordReset;
    return render(l, 'password-reset', w.subject, user.username, {
      paragraphs: w.paragraphs(validMinutes),
      link: { label: w.link, url: resetUrl },
    });
  },

  subscriptionStarted(user: MailUser, plan: PlanFacts, periodEnd: number, appUrl: string): RenderedMail {
    const l = lang(user);
    const w = MAIL_TEXTS[l].started;
    return render(l, 'subscription-started', w.subject(plan.productName), user.username, {
      paragraphs: w.paragraphs(planWords(l, plan, periodEnd)),
      link: { label: w.link, url: `${appUrl}/seasonality` },
    });
  },

  receipt(
    user: MailUser,
    plan: PlanFacts,
    payment: { id: number; paidAt: number; cardLast4: string | null; periodEnd: number },
  ): RenderedMail {
    const l = lang(user);
    const words = MAIL_TEXTS[l];
    const w = words.receipt;
    return render(l, 'receipt', w.subject(plan.productName), user.username, {
      paragraphs: [
        w.number(payment.id),
        w.date(formatDate(payment.paidAt, l)),
        w.item(
          plan.productName,
          plan.interval === 'month' ? words.oneMonth : words.oneYear,
          formatDate(payment.periodEnd, l),
        ),
        w.amount(formatMoney(plan.amount, plan.currency, l), payment.cardLast4),
      ],
    });
  },

  subscriptionEnding(user: MailUser, plan: PlanFacts, periodEnd: number, appUrl: string): RenderedMail {
    const l = lang(user);
    const w = MAIL_TEXTS[l].ending;
    return render(l, 'subscription-ending', w.subject(plan.productName), user.username, {
      paragraphs: w.paragraphs(plan.productName, formatDate(periodEnd, l)),
      link: { label: w.link, url: `${appUrl}/profile` },
    });
  },

  subscriptionEnded(user: MailUser, plan: PlanFacts, reason: string, appUrl: string): RenderedMail {
    const l = lang(user);
    const w = MAIL_TEXTS[l].ended;
    return render(l, 'subscription-ended', w.subject(plan.productName), user.username, {
      paragraphs: w.paragraphs(plan.productName, w.reasons[reason] ?? reason),
      link: { label: w.link, url: `${appUrl}/subscribe` },
    });
  },
};
