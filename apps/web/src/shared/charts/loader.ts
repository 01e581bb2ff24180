// Loads ECharts on demand with only the chart kinds a screen draws.
export type ChartKind = 'line' | 'treemap' | 'heatmap' | 'pie' | 'candles';

export interface ChartInstance {
  setOption: (option: unknown, notMerge?: boolean) => void;
  resize: () => void;
  dispose: () => void;
  on: (event: string, handler: (params: unknown) => void) => void;
  dispatchAction?: (action: unknown) => void;
}

const kinds: Record<ChartKind, () => Promise<unknown>> = {
  line: () => import('./echarts-line'),
  treemap: () => import('./echarts-treemap'),
  heatmap: () => import('./echarts-heatmap'),
  pie: () => import('./echarts-pie'),
  candles: () => import('./echarts-candles'),
};

export async function loadCharts(needed: readonly ChartKind[]): Promise<(el: HTMLElement) => ChartInstance> {
  const [core] = await Promise.all([import('./echarts-core'), ...needed.map((k) => kinds[k]())]);
  return (el) => core.init(el, undefined, { renderer: 'svg' }) as unknown as ChartInstance;
}
