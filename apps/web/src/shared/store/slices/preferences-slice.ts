import { defaultLanguage, LOCALE_OF, operatorDefaults } from '../../i18n/languages';
import type { DisplayPreferences, LayoutPreferences, PreferencesSlice } from '../types';
import type { Slice } from './slice';

export const DEFAULT_LAYOUT: LayoutPreferences = {
  sidebarCollapsed: false,
  darkSidebar: false,
  darkTopbar: false,
  horizontal: false,
};

/** A new visitor: the browser's language (else the operator's), the operator's time zone (else Istanbul). */
export const DEFAULT_DISPLAY: DisplayPreferences = {
  locale: LOCALE_OF[defaultLanguage()],
  timeZone: operatorDefaults().timeZone ?? 'Europe/Istanbul',
};

export const initialPreferences = (): Pick<PreferencesSlice, 'layout' | 'display' | 'tutorialSeen'> => ({
  layout: { ...DEFAULT_LAYOUT },
  display: { ...DEFAULT_DISPLAY },
  tutorialSeen: false,
});

export const preferencesSlice: Slice<PreferencesSlice> = (set) => ({
  ...initialPreferences(),
  setLayout: (layout) => set((s) => ({ layout: { ...s.layout, ...layout } })),
  setDisplay: (display) => set((s) => ({ display: { ...s.display, ...display } })),
  setTutorialSeen: (seen) => set({ tutorialSeen: seen }),
});
