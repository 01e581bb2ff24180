import { paths } from '../../shared/paths';
import type { IconName } from '../../shared/components/icon';

/** A menu entry's name is the text `shell:nav.<label>`. */
export type NavLabel =
  | 'dashboard'
  | 'market'
  | 'heatmaps'
  | 'scanner'
  | 'seasonality'
  | 'seasonalChart'
  | 'pattern'
  | 'calendar'
  | 'bestTrades'
  | 'seasonalityScanner'
  | 'backtest'
  | 'alerts'
  | 'profile'
  | 'subscribe';

export interface NavItem {
  to: string;
  label: NavLabel;
  icon: IconName;
  children?: { to: string; label: NavLabel }[];
}

export const NAV_ITEMS: NavItem[] = [
  { to: paths.dashboard, label: 'dashboard', icon: 'dashboard' },
  { to: paths.market, label: 'market', icon: 'market' },
  { to: paths.heatmaps, label: 'heatmaps', icon: 'heatmap' },
  { to: paths.scanner, label: 'scanner', icon: 'scanner' },
  {
    to: paths.seasonality,
    label: 'seasonality',
    icon: 'seasonality',
    children: [
      { to: paths.seasonality, label: 'seasonalChart' },
      { to: paths.pattern, label: 'pattern' },
      { to: paths.calendar, label: 'calendar' },
      { to: paths.bestTrades, label: 'bestTrades' },
      { to: paths.seasonalityScanner, label: 'seasonalityScanner' },
      { to: paths.backtest, label: 'backtest' },
    ],
  },
  { to: paths.alerts, label: 'alerts', icon: 'alerts' },
  { to: paths.profile, label: 'profile', icon: 'profile' },
  { to: paths.subscribe, label: 'subscribe', icon: 'subscribe' },
];
