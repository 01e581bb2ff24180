import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chartTableOf, type ChartTable } from './chart-table';
import { loadCharts, type ChartInstance, type ChartKind } from './loader';

/**
 * An ECharts chart. ECharts itself loads on first use, with only the given kinds. The
 * chart is an image for assistive technology (its label), and its text alternative is a
 * "Show as table" disclosure with the data it plots: `table` when given, otherwise read from
 * the option (category axis × series, or one row per item of a pie, treemap or scatter).
 */
export function EChart({
  kinds,
  option,
  label,
  height = 320,
  onEvent,
  actions,
  testId = 'chart',
  table,
}: {
  kinds: readonly ChartKind[];
  option: unknown;
  label: string;
  height?: number;
  onEvent?: Record<string, (params: unknown) => void>;
  /** Dispatched after each option (e.g. turning the brush on for drag selection). */
  actions?: readonly unknown[];
  testId?: string;
  /** The chart's data as a table, when the option alone does not tell it well. */
  table?: ChartTable;
}) {
  const { t } = useTranslation('common');
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<ChartInstance | null>(null);
  const handlers = useRef(onEvent);
  handlers.current = onEvent;
  const [failed, setFailed] = useState(false);
  const [ready, setReady] = useState(false);
  const kindKey = kinds.join(',');

  useEffect(() => {
    let cancelled = false;
    let stopWatching = () => {};
    loadCharts(kindKey.split(',') as ChartKind[])
      .then((create) => {
        if (cancelled || !ref.current) return;
        const instance = create(ref.current);
        chart.current = instance;
        for (const name of new Set(['click', 'mouseover', ...Object.keys(handlers.current ?? {})])) {
          instance.on(name, (params) => handlers.current?.[name]?.(params));
        }
        stopWatching = whenResized(ref.current, () => chart.current?.resize());
        setReady(true);
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      stopWatching();
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
      <ChartAlternative label={label} option={option} table={table} />
      {failed ? <figcaption className="text-danger small">{t('states.chartFailed')}</figcaption> : null}
    </figure>
  );
}

/**
 * Calls `resized` whenever the element's box changes size from what it is now: the window's, but
 * also a scroll bar appearing as content is added below (a screen drawn in parts), or the sidebar
 * folding. Each call redraws the chart: none for the first report, of the size it was made at.
 * Without ResizeObserver (a test's DOM), the window's resizes only.
 */
function whenResized(element: HTMLElement, resized: () => void): () => void {
  if (typeof ResizeObserver === 'undefined') {
    window.addEventListener('resize', resized);
    return () => window.removeEventListener('resize', resized);
  }
  let size = `${element.clientWidth}x${element.clientHeight}`;
  const observer = new ResizeObserver(() => {
    const now = `${element.clientWidth}x${element.clientHeight}`;
    if (now === size) return;
    size = now;
    resized();
  });
  observer.observe(element);
  return () => observer.disconnect();
}

/** The data of a chart as a table, behind a "Show as table" disclosure (built when opened). */
function ChartAlternative({ label, option, table }: { label: string; option: unknown; table?: ChartTable }) {
  const { t, i18n } = useTranslation('a11y');
  const [open, setOpen] = useState(false);
  const captionId = useId();
  const data = useMemo(() => {
    if (!open) return null;
    if (table) return table;
    const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 4 });
    return chartTableOf(option, { label: t('chart.label'), value: t('chart.value') }, (v) => number.format(v));
  }, [open, table, option, t, i18n.language]);
  return (
    <details className="chart-table small" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="link-primary">{open ? t('chart.hideTable') : t('chart.showTable')}</summary>
      {data ? (
        data.rows.length === 0 ? (
          <p className="text-muted mb-0">{t('chart.noData')}</p>
        ) : (
          // A scrolling region is a tab stop, so the keyboard can scroll it.
          <div
            className="table-responsive"
            style={{ maxHeight: '24rem' }}
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take focus (axe: scrollable-region-focusable)
            tabIndex={0}
            role="region"
            aria-labelledby={captionId}
          >
            <table className="table table-sm mb-0">
              <caption id={captionId} className="visually-hidden">
                {t('chart.tableCaption', { label })}
              </caption>
              <thead>
                <tr>
                  {data.columns.map((c, i) => (
                    <th key={i} scope="col">
                      {c}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.rows.map((row, r) => (
                  <tr key={r}>
                    {row.map((cell, i) =>
                      i === 0 ? (
                        <th key={i} scope="row" className="fw-normal">
                          {cell}
                        </th>
                      ) : (
                        <td key={i}>{cell}</td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
      ) : null}
    </details>
  );
}
