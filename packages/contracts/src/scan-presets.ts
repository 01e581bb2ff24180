export interface ScanPreset {
  id: string;
  name: string;
  description: string;
  expression: string;
  sort: string;
  desc: boolean;
}

/**
 * The named scans of the scanner screen; each is an ordinary expression. One list for the server
 * (GET /api/v1/scanner/presets) and the screen, which draws them with its first paint instead of
 * after a request (they moved the form down as they arrived: a layout shift, issue 45).
 */
export const SCAN_PRESETS: readonly ScanPreset[] = [
  {
    id: 'oversold',
    name: 'Oversold',
    description: 'RSI(14) below 30.',
    expression: 'rsi14 < 30',
    sort: 'rsi14',
    desc: false,
  },
  {
    id: 'overbought',
    name: 'Overbought',
    description: 'RSI(14) above 70.',
    expression: 'rsi14 > 70',
    sort: 'rsi14',
    desc: true,
  },
  {
    id: 'golden-cross',
    name: 'Golden cross',
    description: 'The 50-day SMA crossed above the 200-day SMA on the latest bar.',
    expression: 'sma50 crosses above sma200',
    sort: 'change1d',
    desc: true,
  },
  {
    id: 'death-cross',
    name: 'Death cross',
    description: 'The 50-day SMA crossed below the 200-day SMA on the latest bar.',
    expression: 'sma50 crosses below sma200',
    sort: 'change1d',
    desc: false,
  },
  {
    id: 'new-52-week-high',
    name: 'New 52-week high',
    description: "Today's high is the highest high of the last 252 bars.",
    expression: 'high >= high52w',
    sort: 'change1d',
    desc: true,
  },
  {
    id: 'new-52-week-low',
    name: 'New 52-week low',
    description: "Today's low is the lowest low of the last 252 bars.",
    expression: 'low <= low52w',
    sort: 'change1d',
    desc: false,
  },
  {
    id: 'unusual-volume',
    name: 'Unusual volume',
    description: 'Volume at least twice the average of the previous 20 bars.',
    expression: 'relVolume >= 2',
    sort: 'relVolume',
    desc: true,
  },
  {
    id: 'gap-up',
    name: 'Gap up',
    description: 'Opened at least 2% above the previous close.',
    expression: 'gap >= 2%',
    sort: 'gap',
    desc: true,
  },
  {
    id: 'gap-down',
    name: 'Gap down',
    description: 'Opened at least 2% below the previous close.',
    expression: 'gap <= -2%',
    sort: 'gap',
    desc: false,
  },
  {
    id: 'above-all-moving-averages',
    name: 'Above all moving averages',
    description: 'Close above the 20-, 50- and 200-day SMAs.',
    expression: 'close > sma20 and close > sma50 and close > sma200',
    sort: 'perf.m1',
    desc: true,
  },
];
