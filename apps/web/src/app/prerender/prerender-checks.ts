// Checks shared by the tests of the markup the server sends before the scripts run.
import { expect } from 'vitest';

/** The markup is the element `id`, holds each of `texts`, and its `buttons` buttons are disabled. */
export function expectPrerendered(markup: string, id: string, texts: readonly string[], buttons: number): void {
  expect(markup.startsWith(`<div id="${id}">`)).toBe(true);
  for (const text of texts) expect(markup).toContain(text);
  expect(markup.match(/<button [^>]*disabled=""/g)).toHaveLength(buttons);
}

/** The rows of an `it.each` over the build's languages: each with its texts. */
export function inEachLanguage<T>(en: T, tr: T): [language: 'en' | 'tr', texts: T][] {
  return [
    ['en', en],
    ['tr', tr],
  ];
}
