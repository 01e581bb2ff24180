import { useEffect, useRef, useState } from 'react';
import { loadCharts, type ChartInstance, type ChartKind } from './loader';

/**
 * An ECharts chart. ECharts itself loads on first use, with only the given kinds. The
 * chart is an image for assistive technology (its label); the numbers are in the tables.
 */
export function EChart({
  kinds,
  option,
  label,
  height = 320,
  onEvent,
  actions,
  testId = 'chart',
}: {
  kinds: readonly ChartKind[];
  option: unknown;
  label: string;
  height?: number;
  onEvent?: Record<string, (params: unknown) => void>;
  /** Dispatched after each option (e.g. turning the brush on for drag selection). */
  actions?: readonly unknown[];
  testId?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<ChartInstance | null>(null);
  const handlers = useRef(onEvent);
  handlers.current = onEvent;
  const [failed, setFailed] = useState(false);
  const [ready, setReady] = useState(false);
  const kindKey = kinds.join(',');

  useEffect(() => {
    let cancelled = false;
    loadCharts(kindKey.split(',') as ChartKind[])
      .then((create) => {
        if (cancelled || !ref.current) return;
        const instance = create(ref.current);
        chart.current = instance;
        for (const name of new Set(['click', 'mouseover', ...Object.keys(handlers.current ?? {})])) {
          instance.on(name, (params) => handlers.current?.[name]?.(params));
        }
        setReady(true);
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    const onResize = () => chart.current?.resize();
    window.addEventListener('resize', onResize);
    return () => {
      cancelled = true;
      window.removeEventListener('resize', onResize);
      chart.current?.dispose();
      chart.current = null;
    };
  }, [kindKey]);

  useEffect(() => {
    if (!ready) return;
    chart.current?.setOption(option, true);
    for (const action of actions ?? []) chart.current?.dispatchAction?.(action);
  }, [ready, option, actions]);

  return (
    <figure className="mb-3">
      <div ref={ref} role="img" aria-label={label} data-testid={testId} style={{ width: '100%', height }} />
      {failed ? <figcaption className="text-danger small">The chart could not be loaded.</figcaption> : null}
    </figure>
  );
}
