import { describe, expect, it } from 'vitest';
import { escapeHtml, formatMoney, mailTemplates } from './mail-templates.js';

const user = { email: 'x@example.com', username: '<script>alert("x")</script>' };
const plan = { productName: 'Solstice Premium', amount: 2900, currency: 'usd', interval: 'month' as const };
const END = Date.UTC(2026, 1, 15, 12);

describe('mail templates', () => {
  it('escapes user data in the HTML and keeps it verbatim in the text', () => {
    const mail = mailTemplates.welcome(user, 'https://solstice.example');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(mail.text.split('\n')[0]).toBe('Hello <script>alert("x")</script>,');
    expect(mail.html).toContain('<a href="https://solstice.example/dashboard">Open Solstice</a>');
  });

  it('escapes every HTML-significant character', () => {
    expect(escapeHtml(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&#39;f');
  });

  it('formats cents with two decimals', () => {
    expect(formatMoney(2900, 'usd')).toBe('USD 29.00');
    expect(formatMoney(29000, 'eur')).toBe('EUR 290.00');
    expect(formatMoney(5, 'usd')).toBe('USD 0.05');
  });

  it('renders the six templates with their facts', () => {
    const u = { email: 'a@example.com', username: 'alice' };
    const all = [
      mailTemplates.welcome(u, 'https://s.example'),
      mailTemplates.passwordReset(u, 'https://s.example/?reset=tok', 60),
      mailTemplates.subscriptionStarted(u, plan, END, 'https://s.example'),
      mailTemplates.receipt(u, plan, { id: 17, paidAt: Date.UTC(2026, 0, 15), cardLast4: '4242', periodEnd: END }),
      mailTemplates.subscriptionEnding(u, plan, END, 'https://s.example'),
      mailTemplates.subscriptionEnded(u, plan, 'cancelled', 'https://s.example'),
    ];
    expect(all.map((m) => [m.template, m.subject])).toEqual([
      ['welcome', 'Welcome to Solstice'],
      ['password-reset', 'Reset your Solstice password'],
      ['subscription-started', 'Your Solstice Premium subscription is active'],
      ['receipt', 'Receipt for your Solstice Premium payment'],
      ['subscription-ending', 'Your Solstice Premium subscription will end'],
      ['subscription-ended', 'Your Solstice Premium subscription has ended'],
    ]);
    expect(all[1]!.text).toContain('Choose a new password: https://s.example/?reset=tok');
    expect(all[1]!.text).toContain('60 minutes');
    expect(all[2]!.text).toContain('USD 29.00 per month');
    expect(all[2]!.text).toContain('renews on 2026-02-15');
    expect(all[3]!.text).toContain('Receipt number: 17');
    expect(all[3]!.text).toContain('Amount paid: USD 29.00 (card ending 4242)');
    expect(all[4]!.text).toContain('stays active until 2026-02-15');
    expect(all[5]!.text).toContain('has ended (cancelled)');
    for (const m of all) expect(m.html.startsWith('<!doctype html>')).toBe(true);
  });
});
