import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';
import { loadAllTexts, startI18n } from '../src/shared/i18n/i18n';

// Screens are tested in English unless a test switches; a missing key is a console error (a failure).
await startI18n('en');
await loadAllTexts();

// jsdom lacks matchMedia (SweetAlert2 and the layout ask it); answer "no match".
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
// jsdom does not scroll; SweetAlert2 calls it when a popup closes.
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

// SweetAlert2 finishes opening and closing a popup on short timers; a popup opened by a
// file's last test must not run them after the file's window is gone (an "unhandled error"
// in another test). A popup still there is closed and waited for (on a loaded machine its
// timers run late), then the timers get a moment more.
afterAll(async () => {
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  if (document.querySelector('.swal2-container')) {
    const { loadSwal } = await import('../src/shared/lib/popups');
    (await loadSwal()).close();
    for (let waited = 0; waited < 2000 && document.querySelector('.swal2-container'); waited += 25) await pause(25);
  }
  await pause(100);
});

// jsdom has no canvas: getContext answers null, and a library that draws at import time
// (lottie-web, loaded lazily by the loading overlay) throws after a test file has moved on.
// A context that accepts every call and property keeps such imports quiet.
HTMLCanvasElement.prototype.getContext = function getContext() {
  const state: Record<PropertyKey, unknown> = {};
  return new Proxy(state, {
    get: (target, key) => (key in target ? target[key] : () => ({ data: [] })),
    set: (target, key, value) => {
      target[key] = value;
      return true;
    },
  });
} as unknown as typeof HTMLCanvasElement.prototype.getContext;
