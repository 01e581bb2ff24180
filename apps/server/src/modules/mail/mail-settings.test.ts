import { describe, expect, it } from 'vitest';
import { loadSettings, SettingsError } from '../../config/settings.js';

describe('mail, payments and integration settings', () => {
  it('accepts the documented forms', () => {
    const s = loadSettings({
      SMTP_URL: 'smtps://user:secret@mail.example.com:465',
      MAIL_FROM: 'Solstice <noreply@solstice.example>',
      STRIPE_SECRET_KEY: 'sk_test_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      CONTACT_SYNC_URL: 'https://lists.example.com/contacts',
      CONTACT_SYNC_KEY: 'k',
    });
    expect(s.SMTP_URL).toBe('smtps://user:secret@mail.example.com:465');
    expect(loadSettings({}).MAIL_FROM).toBe('Solstice <noreply@solstice.local>');
  });

  it('names every bad value', () => {
    let error: unknown;
    try {
      loadSettings({ SMTP_URL: 'http://mail.example.com', MAIL_FROM: 'nobody', STRIPE_SECRET_KEY: 'pk_test_1' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SettingsError);
    const names = (error as SettingsError).problems.map((p) => p.split(':')[0]);
    expect(names).toEqual(['SMTP_URL', 'MAIL_FROM', 'STRIPE_SECRET_KEY']);
  });
});
