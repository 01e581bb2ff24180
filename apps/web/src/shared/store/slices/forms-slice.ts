import type { FormsSlice } from '../types';
import type { Slice } from './slice';

export const initialForms = (): Omit<
  FormsSlice,
  'setForm' | 'setSeasonalityFocus' | 'setSeasonalityYearSet' | 'setScanlist' | 'removeScanlistItem' | 'setActive'
> => ({
  scannerForm: null,
  seascanForm: null,
  patternForm: null,
  calendarForm: null,
  seasonalityFocus: null,
  seasonalityYearSet: null,
  scanlist: [],
  active: false,
});

export const formsSlice: Slice<FormsSlice> = (set) => ({
  ...initialForms(),
  setForm: (name, value) => set({ [name]: value }),
  setSeasonalityFocus: (focus) => set({ seasonalityFocus: { ...focus } }),
  setSeasonalityYearSet: (yearSet) => set({ seasonalityYearSet: { ...yearSet } }),
  setScanlist: (items) => set({ scanlist: [...items] }),
  removeScanlistItem: (index) => set((s) => ({ scanlist: s.scanlist.filter((_, i) => i !== index) })),
  setActive: (active) => set({ active }),
});
