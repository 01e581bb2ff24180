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

/** 2900, 'usd' → "USD 29.00" (amounts are cents). */
export function formatMoney(amount: number, currency: string): string {
  return `${currency.toUpperCase()} ${(amount / 100).toFixed(2)}`;
}

/** An instant as a calendar date in UTC, e.g. "2026-12-21". */
export function formatDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

interface Block {
  /** Plain paragraphs; escaped in the HTML. */
  paragraphs: string[];
  link?: { label: string; url: string };
}

function render(template: MailTemplateName, subject: string, greetingName: string, block: Block): RenderedMail {
  const lines = [`Hello ${greetingName},`, '', ...block.paragraphs.flatMap((p) => [p, ''])];
  if (block.link) lines.push(`${block.link.label}: ${block.link.url}`, '');
  lines.push('— Solstice');
  const html = [
    '<!doctype html><html><body style="font-family: Roboto, Arial, sans-serif; color: #222;">',
    `<p>Hello ${escapeHtml(greetingName)},</p>`,
    ...block.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    block.link ? `<p><a href="${escapeHtml(block.link.url)}">${escapeHtml(block.link.label)}</a></p>` : '',
    '<p>— Solstice</p>',
    '</body></html>',
  ].join('\n');
  return { template, subject, text: lines.join('\n'), html };
}

export interface MailUser {
  email: string;
  username: string;
}

export interface PlanFacts {
  productName: string;
  amount: number;
  currency: string;
  interval: 'month' | 'year';
}

const per = (interval: 'month' | 'year') => (interval === 'month' ? 'month' : 'year');

export const mailTemplates = {
  welcome(user: MailUser, appUrl: string): RenderedMail {
    return render('welcome', 'Welcome to Solstice', user.username, {
      paragraphs: [
        'Your Solstice account is ready. The dashboard, market view, heatmaps and watchlists are open to you now.',
        'The stock scanner and the seasonality tools come with a subscription.',
      ],
      link: { label: 'Open Solstice', url: `${appUrl}/dashboard` },
    });
  },

  passwordReset(user: MailUser, resetUrl: string, validMinutes: number): RenderedMail {
    return render('password-reset', 'Reset your Solstice password', user.username, {
      paragraphs: [
        `Someone (hopefully you) asked to reset the password of this account. The link works for ${validMinutes} minutes and only once.`,
        'If you did not ask for it, ignore this mail: your password stays as it is.',
      ],
      link: { label: 'Choose a new password', url: resetUrl },
    });
  },

  subscriptionStarted(user: MailUser, plan: PlanFacts, periodEnd: number, appUrl: string): RenderedMail {
    return render('subscription-started', `Your ${plan.productName} subscription is active`, user.username, {
      paragraphs: [
        `Thank you for subscribing to ${plan.productName} (${formatMoney(plan.amount, plan.currency)} per ${per(plan.interval)}).`,
        `The stock scanner and every seasonality tool are open to you now. Your subscription renews on ${formatDate(periodEnd)}.`,
      ],
      link: { label: 'Open the seasonality tools', url: `${appUrl}/seasonality` },
    });
  },

  receipt(
    user: MailUser,
    plan: PlanFacts,
    payment: { id: number; paidAt: number; cardLast4: string | null; periodEnd: number },
  ): RenderedMail {
    return render('receipt', `Receipt for your ${plan.productName} payment`, user.username, {
      paragraphs: [
        `Receipt number: ${payment.id}`,
        `Date: ${formatDate(payment.paidAt)}`,
        `Item: ${plan.productName}, one ${per(plan.interval)}, until ${formatDate(payment.periodEnd)}`,
        `Amount paid: ${formatMoney(plan.amount, plan.currency)}${payment.cardLast4 ? ` (card ending ${payment.cardLast4})` : ''}`,
      ],
    });
  },

  subscriptionEnding(user: MailUser, plan: PlanFacts, periodEnd: number, appUrl: string): RenderedMail {
    return render('subscription-ending', `Your ${plan.productName} subscription will end`, user.username, {
      paragraphs: [
        `You cancelled your ${plan.productName} subscription. It stays active until ${formatDate(periodEnd)} and is not renewed.`,
        'Changed your mind? Resume it from your profile before that date.',
      ],
      link: { label: 'Your profile', url: `${appUrl}/profile` },
    });
  },

  subscriptionEnded(user: MailUser, plan: PlanFacts, reason: string, appUrl: string): RenderedMail {
    return render('subscription-ended', `Your ${plan.productName} subscription has ended`, user.username, {
      paragraphs: [
        `Your ${plan.productName} subscription has ended (${reason}). The stock scanner and the seasonality tools are closed to this account now.`,
        'Your watchlists and settings are kept. Subscribe again at any time.',
      ],
      link: { label: 'Subscribe', url: `${appUrl}/subscribe` },
    });
  },
};
