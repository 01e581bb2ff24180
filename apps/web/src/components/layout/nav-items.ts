import { paths } from '../../app/paths';

export type IconName =
  'dashboard' | 'market' | 'heatmap' | 'scanner' | 'seasonality' | 'alerts' | 'profile' | 'subscribe';

export interface NavItem {
  to: string;
  label: string;
  icon: IconName;
  children?: { to: string; label: string }[];
}

export const NAV_ITEMS: NavItem[] = [
  { to: paths.dashboard, label: 'Dashboard', icon: 'dashboard' },
  { to: paths.market, label: 'Market', icon: 'market' },
  { to: paths.heatmaps, label: 'Heatmaps', icon: 'heatmap' },
  { to: paths.scanner, label: 'Stock scanner', icon: 'scanner' },
  {
    to: paths.seasonality,
    label: 'Seasonality',
    icon: 'seasonality',
    children: [
      { to: paths.seasonality, label: 'Seasonal chart' },
      { to: paths.pattern, label: 'Pattern' },
      { to: paths.calendar, label: 'Calendar' },
      { to: paths.bestTrades, label: 'Best trades' },
      { to: paths.seasonalityScanner, label: 'Seasonality scanner' },
    ],
  },
  { to: paths.alerts, label: 'Alerts', icon: 'alerts' },
  { to: paths.profile, label: 'Profile', icon: 'profile' },
  { to: paths.subscribe, label: 'Subscribe', icon: 'subscribe' },
];
