export { easterSunday } from './easter.js';
export { newYorkDate, newYorkInstant, newYorkOffsetMinutes } from './new-york-time.js';
export {
  CALENDAR_EXACT_FROM,
  nyseClosures,
  nyseEarlyCloses,
  SPECIAL_CLOSURES,
  SPECIAL_EARLY_CLOSES,
  type MarketDay,
} from './nyse-holidays.js';
export * from './sessions.js';
export {
  annualizationFactor,
  DEFAULT_CALENDAR,
  isTradingCalendar,
  periodBars,
  TRADING_CALENDARS,
  volumeKnown,
  withTraits,
  type PeriodBars,
  type SeriesTraits,
  type TradingCalendar,
} from './trading-calendar.js';
export {
  barDateRefusal,
  calendarSessionsAfter,
  dateInZone,
  isStale,
  lastSessionOf,
  sessionsBehind,
  SETTLE_HOURS,
} from './asset-calendars.js';
export { classAsOf, type ClassAsOf, type ClassMember } from './class-as-of.js';
