// The text alternative of a chart: its data as a table, read from the ECharts option that
// draws it (so every chart has one without code per screen), or given by the screen.

/** A chart's data as a table: header cells and rows of text. */
export interface ChartTable {
  columns: string[];
  rows: string[][];
}

type Format = (value: number) => string;

interface Names {
  /** Header of the first column (the category, date or item name). */
  label: string;
  /** Header of a value column whose series has no name. */
  value: string;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]);

function text(value: unknown, format: Format): string {
  if (typeof value === 'number') return Number.isFinite(value) ? format(value) : '';
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map((v) => text(v, format)).join(' / ');
  if (isObj(value)) return text(value.value, format);
  return '';
}

/** The category axis of a cartesian chart (x, or y for horizontal bars), if it has one. */
function categoryAxis(option: Obj): { data: unknown[]; name: string } | null {
  for (const key of ['xAxis', 'yAxis'] as const) {
    const axis = list(option[key]).find((a) => isObj(a) && Array.isArray(a.data));
    if (isObj(axis)) return { data: axis.data as unknown[], name: typeof axis.name === 'string' ? axis.name : '' };
  }
  return null;
}

/** The leaves of a tree (a treemap's data) with their path as name. */
function leaves(items: unknown[], prefix = ''): { name: string; value: unknown }[] {
  return items.flatMap((item) => {
    if (!isObj(item)) return [];
    const name = `${prefix}${typeof item.name === 'string' ? item.name : ''}`;
    const children = Array.isArray(item.children) ? item.children : [];
    return children.length ? leaves(children, name ? `${name} › ` : '') : [{ name, value: item.value }];
  });
}

/**
 * Reads the data a chart plots from its option: a category axis gives one row per category
 * and one column per series; pies, treemaps and scatter plots one row per item. Numbers
 * are written with `format` (the option's tooltip valueFormatter, when it has one).
 */
export function chartTableOf(option: unknown, names: Names, fallback: Format): ChartTable {
  if (!isObj(option)) return { columns: [], rows: [] };
  const tooltip = list(option.tooltip).find(isObj);
  const format: Format =
    tooltip && typeof tooltip.valueFormatter === 'function' ? (tooltip.valueFormatter as Format) : fallback;
  const series = list(option.series).filter(isObj);
  const seriesName = (s: Obj) => (typeof s.name === 'string' && s.name ? s.name : names.value);
  const axis = categoryAxis(option);
  if (axis && series.some((s) => Array.isArray(s.data) && s.type !== 'pie' && s.type !== 'treemap')) {
    const plotted = series.filter((s) => Array.isArray(s.data));
    return {
      columns: [axis.name || names.label, ...plotted.map(seriesName)],
      rows: axis.data.map((category, i) => [
        text(category, String),
        ...plotted.map((s) => text((s.data as unknown[])[i], format)),
      ]),
    };
  }
  const rows: string[][] = [];
  const many = series.length > 1;
  for (const s of series) {
    const data = list(s.data);
    const items = s.type === 'treemap' ? leaves(data) : data.map((d, i) => ({ name: nameOf(d, i), value: d }));
    for (const item of items) {
      let value = isObj(item.value) ? item.value.value : item.value;
      // a scatter point named by its last value: the others are the coordinates
      if (Array.isArray(value) && value.length > 2 && !(isObj(item.value) && typeof item.value.name === 'string')) {
        value = value.slice(0, -1);
      }
      rows.push([many ? `${seriesName(s)}: ${item.name}` : item.name, text(value, format)]);
    }
  }
  return { columns: [names.label, names.value], rows };
}

function nameOf(datum: unknown, index: number): string {
  if (isObj(datum) && typeof datum.name === 'string') return datum.name;
  // a scatter point [x, y, name]: its third value names it
  const value = isObj(datum) ? datum.value : datum;
  if (Array.isArray(value) && value.length > 2) return String(value[value.length - 1]);
  return String(index + 1);
}
