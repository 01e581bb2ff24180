// Colours of changes: danger red for falls, success green for rises, grey for flat.
export const DOWN = '#ef4d56';
export const UP = '#43c295';
export const FLAT = '#b0b7c3';
export const PRIMARY = '#07baef';

/** The symmetric colour range of a period, so a legend reads the same on both sides. */
export function changeRange(period: string): number {
  switch (period) {
    case '1d':
      return 0.03;
    case '1w':
      return 0.06;
    case '1m':
      return 0.1;
    case '3m':
      return 0.2;
    case '6m':
      return 0.3;
    default:
      return 0.4;
  }
}

function hex(c: string): [number, number, number] {
  return [parseInt(c.slice(1, 3), 16), parseInt(c.slice(3, 5), 16), parseInt(c.slice(5, 7), 16)];
}

/** Colour of a change on the diverging scale red – grey – green, saturating at ±range. */
export function changeColor(change: number | null | undefined, range: number): string {
  if (typeof change !== 'number' || Number.isNaN(change)) return '#d9dde3';
  const t = Math.max(-1, Math.min(1, change / range));
  const [r0, g0, b0] = hex(FLAT);
  const [r1, g1, b1] = hex(t >= 0 ? UP : DOWN);
  const a = Math.abs(t);
  const mix = (x: number, y: number) => Math.round(x + (y - x) * a);
  return `rgb(${mix(r0, r1)}, ${mix(g0, g1)}, ${mix(b0, b1)})`;
}
