import { describe, expect, it } from 'vitest';
import { settingsSchema } from '../config/settings.js';
import { withOperatorDefaults } from './web-pages.js';

const PAGE = '<!doctype html><html><head><title>Solstice</title></head><body></body></html>';

describe('the operator’s defaults written into the page', () => {
  it('language and time zone always; the content address only when set', () => {
    const plain = withOperatorDefaults(PAGE, { DEFAULT_LANGUAGE: 'tr', DEFAULT_TIME_ZONE: 'Europe/London' });
    expect(plain).toContain('<meta name="solstice-default-language" content="tr">');
    expect(plain).toContain('<meta name="solstice-default-time-zone" content="Europe/London">');
    expect(plain).not.toContain('solstice-content-url');
    const withGuides = withOperatorDefaults(PAGE, {
      DEFAULT_LANGUAGE: 'en',
      DEFAULT_TIME_ZONE: 'Europe/Istanbul',
      CONTENT_URL: 'https://guides.example.com/a?b=1&c=2',
    });
    expect(withGuides).toContain(
      '<meta name="solstice-content-url" content="https://guides.example.com/a?b=1&amp;c=2"></head>',
    );
  });

  it('CONTENT_URL is an http(s) address, normalised so it cannot break out of the attribute', () => {
    const parse = (CONTENT_URL: string) => settingsSchema.safeParse({ CONTENT_URL });
    expect(parse('https://guides.example.com/"><script>').data?.CONTENT_URL).toBe(
      'https://guides.example.com/%22%3E%3Cscript%3E',
    );
    const refused = parse('javascript:alert(1)');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]).toMatchObject({
      path: ['CONTENT_URL'],
      message: 'expected an http:// or https:// URL',
    });
    expect(parse('guides').success).toBe(false);
  });
});
