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
