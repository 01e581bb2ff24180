// Test double of loader.ts: records the options each chart is given (jsdom cannot draw).
import type { ChartInstance, ChartKind } from './loader';

export type { ChartKind, ChartInstance };

export const drawn: {
  el: HTMLElement;
  option: unknown;
  handlers: Record<string, (p: unknown) => void>;
  actions: unknown[];
}[] = [];

export async function loadCharts(_needed: readonly ChartKind[]): Promise<(el: HTMLElement) => ChartInstance> {
  return (el) => {
    const entry = {
      el,
      option: undefined as unknown,
      handlers: {} as Record<string, (p: unknown) => void>,
      actions: [] as unknown[],
    };
    drawn.push(entry);
    return {
      setOption: (option) => {
        entry.option = option;
      },
      resize: () => undefined,
      dispose: () => {
        const i = drawn.indexOf(entry);
        if (i >= 0) drawn.splice(i, 1);
      },
      on: (event, handler) => {
        entry.handlers[event] = handler;
      },
      dispatchAction: (action) => {
        entry.actions.push(action);
      },
    };
  };
}

/** The last option given to the chart with this aria-label. */
export function optionOf(label: string): unknown {
  const entry = [...drawn].reverse().find((d) => d.el.getAttribute('aria-label') === label);
  return entry?.option;
}

export function handlersOf(label: string): Record<string, (p: unknown) => void> {
  return [...drawn].reverse().find((d) => d.el.getAttribute('aria-label') === label)?.handlers ?? {};
}

/** The actions dispatched to the chart with this aria-label (e.g. turning the brush on). */
export function actionsOf(label: string): unknown[] {
  return [...drawn].reverse().find((d) => d.el.getAttribute('aria-label') === label)?.actions ?? [];
}
