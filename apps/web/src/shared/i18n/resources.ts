// Every namespace's English texts: the types of t() keys come from here (i18next.d.ts).
import type common from './en/common';
import type shell from './en/shell';
import type auth from './en/auth';
import type landing from './en/landing';
import type stats from './en/stats';
import type admin from './en/admin';
import type profile from './en/profile';
import type subscribe from './en/subscribe';
import type alerts from './en/alerts';
import type scanner from './en/scanner';
import type seascan from './en/seascan';
import type dashboard from './en/dashboard';
import type market from './en/market';
import type heatmaps from './en/heatmaps';
import type bestTrades from './en/bestTrades';
import type calendar from './en/calendar';
import type pattern from './en/pattern';
import type backtest from './en/backtest';
import type chart from './en/chart';
import type symbol from './en/symbol';
import type a11y from './en/a11y';
import type notifications from './en/notifications';
import type evidence from './en/evidence';

export const NAMESPACES = [
  'common',
  'shell',
  'auth',
  'landing',
  'stats',
  'admin',
  'profile',
  'subscribe',
  'alerts',
  'scanner',
  'seascan',
  'dashboard',
  'market',
  'heatmaps',
  'bestTrades',
  'calendar',
  'pattern',
  'backtest',
  'chart',
  'symbol',
  'a11y',
  'notifications',
  'evidence',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

export interface Resources {
  common: typeof common;
  shell: typeof shell;
  auth: typeof auth;
  landing: typeof landing;
  stats: typeof stats;
  admin: typeof admin;
  profile: typeof profile;
  subscribe: typeof subscribe;
  alerts: typeof alerts;
  scanner: typeof scanner;
  seascan: typeof seascan;
  dashboard: typeof dashboard;
  market: typeof market;
  heatmaps: typeof heatmaps;
  bestTrades: typeof bestTrades;
  calendar: typeof calendar;
  pattern: typeof pattern;
  backtest: typeof backtest;
  chart: typeof chart;
  symbol: typeof symbol;
  a11y: typeof a11y;
  notifications: typeof notifications;
  evidence: typeof evidence;
}
