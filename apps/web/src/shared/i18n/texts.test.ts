import { describe, expect, it } from 'vitest';
import { NAMESPACES } from './resources';
import { defaultLanguage, languageOfLocale, operatorDefaults } from './languages';

const en = import.meta.glob<{ default: Record<string, unknown> }>('./en/*.ts', { eager: true });
const tr = import.meta.glob<{ default: Record<string, unknown> }>('./tr/*.ts', { eager: true });

/** Every leaf of a texts object as [dotted key, text]. */
function leaves(texts: Record<string, unknown>, prefix = ''): [string, unknown][] {
  return Object.entries(texts).flatMap(([k, v]) =>
    v !== null && typeof v === 'object'
      ? leaves(v as Record<string, unknown>, `${prefix}${k}.`)
      : [[`${prefix}${k}`, v]],
  );
}

const variables = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort();

describe('the interface texts', () => {
  it('has one English and one Turkish file for every namespace, and no file for an unknown one', () => {
    expect(Object.keys(en).sort()).toEqual(NAMESPACES.map((ns) => `./en/${ns}.ts`).sort());
    expect(Object.keys(tr).sort()).toEqual(NAMESPACES.map((ns) => `./tr/${ns}.ts`).sort());
  });

  for (const ns of NAMESPACES) {
    it(`${ns}: Turkish has exactly the English keys, every text non-empty, the same {{variables}}`, () => {
      const english = new Map(leaves(en[`./en/${ns}.ts`]!.default));
      const turkish = new Map(leaves(tr[`./tr/${ns}.ts`]!.default));
      expect([...turkish.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [key, text] of english) {
        expect(typeof text, `en ${ns}:${key}`).toBe('string');
        expect((text as string).trim(), `en ${ns}:${key}`).not.toBe('');
        const other = turkish.get(key);
        expect(typeof other, `tr ${ns}:${key}`).toBe('string');
        expect((other as string).trim(), `tr ${ns}:${key}`).not.toBe('');
        expect(variables(other as string), `tr ${ns}:${key} variables`).toEqual(variables(text as string));
      }
    });
  }
});

describe('choosing the language', () => {
  it('follows the first browser language we have, else the operator, else English', () => {
    expect(defaultLanguage(['de-DE', 'tr-TR', 'en-US'], null)).toBe('tr');
    expect(defaultLanguage(['en-GB'], 'tr')).toBe('en');
    expect(defaultLanguage(['de-DE', 'fr'], 'tr')).toBe('tr');
    expect(defaultLanguage([], null)).toBe('en');
  });

  it('reads a locale as its language and the operator defaults from index.html', () => {
    expect([
      languageOfLocale('tr-TR'),
      languageOfLocale('EN-us'),
      languageOfLocale('de-DE'),
      languageOfLocale(null),
    ]).toEqual(['tr', 'en', null, null]);
    const doc = document.implementation.createHTMLDocument('x');
    doc.head.innerHTML =
      '<meta name="solstice-default-language" content="tr"><meta name="solstice-default-time-zone" content="Europe/London">';
    expect(operatorDefaults(doc)).toEqual({ language: 'tr', timeZone: 'Europe/London' });
    doc.head.innerHTML = '<meta name="solstice-default-language" content="xx">';
    expect(operatorDefaults(doc)).toEqual({ language: null, timeZone: null });
  });
});
