import type { HeatmapResponse } from '@solstice/contracts';
import type { Formatters } from '../format';
import { changeColor } from './colors';
import { sectorName } from '../stats/periods';

type Sector = HeatmapResponse['tree']['children'][number];
export type BarRow = { key: string; label: string; symbol: string | null; change: number | null; size: number };

export interface TreeNode {
  name: string;
  value: number;
  change: number | null;
  symbol?: string;
  fullName?: string;
  sector?: string;
  close?: number | null;
  volume?: number | null;
  spark?: number[];
  itemStyle: { color: string };
  children?: TreeNode[];
}

/** The hover card's sparkline as an SVG string: numbers only, no text from the data. */
export function sparkSvg(values: readonly number[], width = 120, height = 32): string {
  if (values.length < 2) return '';
  const min = Math.min(...values);
  const span = Math.max(...values) - min || 1;
  const points = values
    .map(
      (v, i) =>
        `${((i / (values.length - 1)) * width).toFixed(1)},${(height - ((v - min) / span) * height).toFixed(1)}`,
    )
    .join(' ');
  const up = values[values.length - 1]! >= values[0]!;
  return `<svg class="hover-spark" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" aria-hidden="true"><polyline points="${points}" fill="none" stroke="${up ? '#43c295' : '#ef4d56'}" stroke-width="1.5"/></svg>`;
}

/** Rich-text markup is ECharts' own: braces and bars in a name must not open a style. */
const plain = (text: string) => text.replace(/[{}|]/g, ' ');

/** A tile's label: ticker over change on their own lines, each with its own line height. */
export function tileLabel(node: Pick<TreeNode, 'name' | 'change'>, f: Formatters): string {
  return `{sym|${plain(node.name)}}\n{chg|${f.percent(node.change, 1)}}`;
}

/**
 * A sector's (or industry's) header strip: plain text, no rich-text markup, because the
 * header has no styles of its own and ECharts would print the braces as they are.
 */
export function headerLabel(node: Pick<TreeNode, 'name' | 'change'>, f: Formatters): string {
  // the whole map's strip ("All sectors") has no change of its own: its name alone, no dash
  return node.change === null ? node.name : `${node.name}  ${f.percent(node.change, 1)}`;
}

/** ECharts treemap nodes: sector → industry → stock, or one sector's industries when zoomed. */
export function treemapData(tree: HeatmapResponse['tree'], range: number, sector?: string): TreeNode[] {
  const sectors = sector ? tree.children.filter((s) => s.name === sector) : tree.children;
  const node = (name: string, size: number, change: number | null, extra: Partial<TreeNode> = {}): TreeNode => ({
    name,
    value: Math.max(size, 0),
    change,
    itemStyle: { color: changeColor(change, range) },
    ...extra,
  });
  const sectorNodes = sectors.map((s) =>
    node(sectorName(s.name), s.size, s.change, {
      sector: s.name,
      children: s.children.map((i) =>
        node(i.name, i.size, i.change, {
          sector: s.name,
          children: i.children.map((l) =>
            node(l.symbol, l.size, l.change, {
              symbol: l.symbol,
              fullName: l.name,
              sector: s.name,
              close: l.close,
              volume: l.volume,
              spark: l.spark,
            }),
          ),
        }),
      ),
    }),
  );
  return sector ? (sectorNodes[0]?.children ?? []) : sectorNodes;
}

/** The sorted bar view: sectors, or the stocks of the zoomed sector, best first. */
export function barRows(tree: HeatmapResponse['tree'], sector?: string): BarRow[] {
  const rows: BarRow[] = sector
    ? (tree.children.find((s) => s.name === sector)?.children ?? []).flatMap((i) =>
        i.children.map((l) => ({ key: l.symbol, label: l.name, symbol: l.symbol, change: l.change, size: l.size })),
      )
    : tree.children.map((s: Sector) => ({ key: s.name, label: s.name, symbol: null, change: s.change, size: s.size }));
  return rows.sort((a, b) => (b.change ?? -Infinity) - (a.change ?? -Infinity));
}

type Leaf = Sector['children'][number]['children'][number];

/** ECharts treemap nodes of a class group's tiles: one level, the instruments themselves. */
export function leafTreemapData(leaves: readonly Leaf[], range: number): TreeNode[] {
  return leaves.map((l) => ({
    name: l.symbol,
    value: Math.max(l.size, 0),
    change: l.change,
    symbol: l.symbol,
    fullName: l.name,
    close: l.close,
    volume: l.volume,
    spark: l.spark,
    itemStyle: { color: changeColor(l.change, range) },
  }));
}

/**
 * The label of a treemap's tiles: symbol over change. Drawn as SVG text (textContent), not
 * HTML, so it is not escaped; each line has its own height, since two plain lines at the
 * font size overlap.
 */
export function tileLabelOption(f: Formatters) {
  return {
    show: true,
    formatter: (p: { data: TreeNode }) => tileLabel(p.data, f),
    overflow: 'truncate',
    rich: {
      sym: { fontSize: 13, fontWeight: 'bold', lineHeight: 17, color: '#fff' },
      chg: { fontSize: 11, lineHeight: 14, color: '#fff' },
    },
  };
}

/** A treemap that fills its chart, drawn once: no zoom, no drill-down on click, no breadcrumb. */
export const TREEMAP_FRAME = {
  type: 'treemap',
  roam: false,
  nodeClick: false,
  breadcrumb: { show: false },
  width: '100%',
  height: '100%',
  top: 0,
  left: 0,
} as const;
