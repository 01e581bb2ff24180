import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney, mailRecipient, mailTemplates } from './mail-templates.js';
import { browserLanguage } from '@solstice/contracts';

const plan = { productName: 'Solstice Premium', amount: 2900, currency: 'usd', interval: 'month' as const };
const END = Date.UTC(2026, 11, 21, 12);

describe('mails in the recipient’s language', () => {
  it('writes every template in Turkish for a Turkish recipient, with Turkish money and dates', () => {
    const ayse = mailRecipient({ email: 'a@example.com', username: 'ayse', locale: 'tr-TR' }, 'en');
    expect(ayse.language).toBe('tr');
    const started = mailTemplates.subscriptionStarted(ayse, plan, END, 'https://s.example');
    expect(started.subject).toBe('Solstice Premium aboneliğiniz etkin');
    expect(started.text.split('\n')[0]).toBe('Merhaba ayse,');
    expect(started.text).toContain('ay başına $29,00');
    expect(started.text).toContain('21.12.2026 tarihinde yenilenir');
    expect(started.html).toContain('<html lang="tr">');
    const receipt = mailTemplates.receipt(ayse, plan, { id: 7, paidAt: END, cardLast4: '4242', periodEnd: END });
    expect(receipt.text).toContain('Ödenen tutar: $29,00 (4242 ile biten kart)');
    expect(mailTemplates.passwordReset(ayse, 'https://s.example/?reset=x', 30).text).toContain('30 dakika');
    for (const mail of [
      mailTemplates.welcome(ayse, 'https://s.example'),
      mailTemplates.subscriptionEnding(ayse, plan, END, 'https://s.example'),
      mailTemplates.subscriptionEnded(ayse, plan, 'payment failed', 'https://s.example'),
    ]) {
      expect(mail.text).toMatch(/^Merhaba ayse,/);
      expect(mail.text).not.toMatch(/\bHello\b|\bYour\b|\bsubscription\b/);
    }
    expect(mailTemplates.subscriptionEnded(ayse, plan, 'renewal payment failed', 'https://s.example').text).toContain(
      '(yenileme ödemesi alınamadı)',
    );
  });

  it('uses the account’s language, else the operator’s default; English keeps its formats', () => {
    expect(mailRecipient({ email: 'b@example.com', username: 'bob', locale: 'en-GB' }, 'tr').language).toBe('en');
    expect(mailRecipient({ email: 'b@example.com', username: 'bob', locale: null }, 'tr').language).toBe('tr');
    expect(mailRecipient({ email: 'b@example.com', username: 'bob', locale: 'de-DE' }, 'en').language).toBe('en');
    expect([formatMoney(2900, 'usd'), formatDate(END)]).toEqual(['USD 29.00', '2026-12-21']);
    expect([formatMoney(2900, 'try', 'tr'), formatDate(END, 'tr')]).toEqual(['₺29,00', '21.12.2026']);
  });

  it('reads the first language we have from Accept-Language', () => {
    expect(browserLanguage('tr-TR,tr;q=0.9,en-US;q=0.8')).toBe('tr');
    expect(browserLanguage('de-DE,de;q=0.9,en;q=0.5')).toBe('en');
    expect(browserLanguage('de-DE')).toBeNull();
    expect(browserLanguage(undefined)).toBeNull();
  });
});
