/** Where each screen's "Create alert" action leads: the alerts page with the form filled in. */
export function scanAlertLink(expression: string): string {
  return `/alerts?${new URLSearchParams({ new: 'scan', expression }).toString()}`;
}

export function conditionAlertLink(target: { symbol: string } | { watchlistId: number }, expression = ''): string {
  const query = new URLSearchParams({ new: 'condition' });
  if ('symbol' in target) query.set('symbol', target.symbol);
  else query.set('watchlistId', String(target.watchlistId));
  if (expression) query.set('expression', expression);
  return `/alerts?${query.toString()}`;
}

export interface SeasonalAlertDefaults {
  symbol?: string;
  watchlistId?: number;
  minDays?: number;
  maxDays?: number;
  minWinRate?: number;
  minYears?: number;
  direction?: 'long' | 'short' | 'both';
  /** One window (the pattern screen's): the alert watches it, not a rule. */
  start?: string;
  end?: string;
  /** The year set of the screen (analytics.md, "Year sets"), as its URL has it. */
  from?: string;
  to?: string;
  cycle?: string;
  parity?: string;
  exclude?: string;
}

export function seasonalAlertLink(defaults: SeasonalAlertDefaults): string {
  const query = new URLSearchParams({ new: 'seasonal' });
  for (const [key, value] of Object.entries(defaults))
    if (value !== undefined && value !== '') query.set(key, String(value));
  return `/alerts?${query.toString()}`;
}
