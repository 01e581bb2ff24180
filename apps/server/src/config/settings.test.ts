import { describe, expect, it } from 'vitest';
import { loadSettings, SettingsError } from './settings.js';

describe('loadSettings', () => {
  it('applies the defaults of an empty environment', () => {
    const s = loadSettings({});
    expect(s.PORT).toBe(3000);
    expect(s.DATABASE_URL).toBe('file:data/solstice.sqlite');
    expect(s.SESSION_COOKIE_NAME).toBe('sol_sid');
  });

  it('accepts a PostgreSQL URL and a port', () => {
    const s = loadSettings({ DATABASE_URL: 'postgres://u@localhost:5432/db', PORT: '8080' });
    expect(s.DATABASE_URL).toBe('postgres://u@localhost:5432/db');
    expect(s.PORT).toBe(8080);
  });

  it('names every bad setting and what it expects', () => {
    try {
      loadSettings({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SESSION_COOKIE_NAME: 'bad name!' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(SettingsError);
      const message = (error as Error).message;
      expect(message).toMatch(/PORT: expected a port number$/m);
      expect(message).not.toMatch(/eighty|mysql/);
      expect(message).toMatch(/DATABASE_URL: expected "file:PATH"/);
      expect(message).toMatch(/SESSION_COOKIE_NAME/);
      expect((error as SettingsError).problems).toHaveLength(3);
    }
  });

  it('rejects an out-of-range port', () => {
    expect(() => loadSettings({ PORT: '70000' })).toThrow(/PORT: expected a port from 0 to 65535/);
  });
});
