// Tests of the Turkish interface: the texts in Turkish, numbers and dates in tr-TR.
import { afterEach, beforeEach } from 'vitest';
import { switchLanguage } from '../shared/i18n/i18n';
import { resetAppStore, useAppStore } from '../shared/store/app-store';

/**
 * Runs each test of the calling block (or file) in Turkish, numbers and dates in tr-TR (and
 * in the time zone given), and switches back to English, with a fresh store, after it.
 */
export function inTurkish(display: { timeZone?: string } = {}): void {
  beforeEach(async () => {
    useAppStore.getState().setDisplay({ locale: 'tr-TR', ...display });
    await switchLanguage('tr');
  });
  afterEach(async () => {
    await switchLanguage('en');
    resetAppStore();
  });
}
