import type { ComponentType } from 'react';

/** What the app plugs into symbol details (the candles chart, the statistics, the seasonality summary). */
export interface SymbolSlotProps {
  symbol: string;
}

export type SlotName = 'chart' | 'stats' | 'seasonality';

// A registry apart from the dialog: the app's entry registers lazy parts here without
// pulling the dialog (react-bootstrap) into the landing page's bundle.
export const slots: Record<SlotName, ComponentType<SymbolSlotProps> | null> = {
  chart: null,
  stats: null,
  seasonality: null,
};

/**
 * The app registers the heavy parts here (ECharts candles with volume and moving averages;
 * the trader's statistics; the seasonality summary) so that the shell does not carry them in
 * its bundle.
 */
export function registerSymbolDetailsSlot(name: SlotName, component: ComponentType<SymbolSlotProps>): void {
  slots[name] = component;
}
