import { dayNumber, dayNumberOf, isoDate } from '../series.js';
import { memoized } from '../memo.js';
import { easterSunday } from './easter.js';
import { nthWeekday, weekdayOf } from './new-york-time.js';

/** A day the NYSE is closed (besides weekends), or closes early, with the reason. */
export interface MarketDay {
  date: string;
  name: string;
}

const MONDAY = 1;
const TUESDAY = 2;
const WEDNESDAY = 3;
const THURSDAY = 4;
const FRIDAY = 5;
const SATURDAY = 6;
const SUNDAY = 0;

/**
 * One-off full-day closures since 2000 (data-providers.md §11; the NYSE's own list).
 * Update this list when the NYSE announces another one.
 */
export const SPECIAL_CLOSURES: readonly MarketDay[] = [
  { date: '2001-09-11', name: 'September 11 attacks' },
  { date: '2001-09-12', name: 'September 11 attacks' },
  { date: '2001-09-13', name: 'September 11 attacks' },
  { date: '2001-09-14', name: 'September 11 attacks' },
  { date: '2004-06-11', name: 'Day of mourning for President Reagan' },
  { date: '2007-01-02', name: 'Day of mourning for President Ford' },
  { date: '2012-10-29', name: 'Hurricane Sandy' },
  { date: '2012-10-30', name: 'Hurricane Sandy' },
  { date: '2018-12-05', name: 'Day of mourning for President George H. W. Bush' },
  { date: '2025-01-09', name: 'Day of mourning for President Carter' },
];

/** One-off 13:00 closes since 2000 that no rule gives (pandas_market_calendars' NYSE list). */
export const SPECIAL_EARLY_CLOSES: readonly MarketDay[] = [{ date: '2003-12-26', name: 'Day after Christmas' }];

/**
 * The first year the table is exact for: the reference lists one-off closures from 2000 on.
 * Earlier years follow today's rules (MLK Day from 1998) without their one-off closures.
 */
export const CALENDAR_EXACT_FROM = 2000;

/** Saturday → the Friday before, Sunday → the Monday after (NYSE Rule 7.2 observance). */
function observed(day: number): number {
  const w = weekdayOf(day);
  return w === SATURDAY ? day - 1 : w === SUNDAY ? day + 1 : day;
}

interface YearTable {
  closures: Map<number, string>;
  earlyCloses: Map<number, string>;
}

const tables = new Map<number, YearTable>();

function buildYear(year: number): YearTable {
  const closures = new Map<number, string>();
  const add = (day: number, name: string) => {
    const w = weekdayOf(day);
    if (w !== SATURDAY && w !== SUNDAY) closures.set(day, name);
  };
  // New Year's Day on a Saturday is not moved to Friday December 31: that day trades.
  const newYear = dayNumberOf(year, 1, 1);
  if (weekdayOf(newYear) !== SATURDAY) add(observed(newYear), "New Year's Day");
  if (year >= 1998) add(nthWeekday(year, 1, MONDAY, 3), 'Martin Luther King Jr. Day');
  add(nthWeekday(year, 2, MONDAY, 3), "Washington's Birthday");
  add(easterSunday(year) - 2, 'Good Friday');
  add(nthWeekday(year, 5, MONDAY, -1), 'Memorial Day');
  if (year >= 2022) add(observed(dayNumberOf(year, 6, 19)), 'Juneteenth');
  add(observed(dayNumberOf(year, 7, 4)), 'Independence Day');
  add(nthWeekday(year, 9, MONDAY, 1), 'Labor Day');
  const thanksgiving = nthWeekday(year, 11, THURSDAY, 4);
  add(thanksgiving, 'Thanksgiving Day');
  add(observed(dayNumberOf(year, 12, 25)), 'Christmas Day');
  for (const c of SPECIAL_CLOSURES) if (c.date.startsWith(`${year}-`)) add(dayNumber(c.date), c.name);

  const earlyCloses = new Map<number, string>();
  const early = (day: number, name: string) => {
    const w = weekdayOf(day);
    if (w !== SATURDAY && w !== SUNDAY && !closures.has(day)) earlyCloses.set(day, name);
  };
  early(thanksgiving + 1, 'Day after Thanksgiving');
  const christmasEve = dayNumberOf(year, 12, 24);
  if (weekdayOf(christmasEve) >= MONDAY && weekdayOf(christmasEve) <= THURSDAY) early(christmasEve, 'Christmas Eve');
  // Before Independence Day: July 3 on a Monday, Tuesday or Thursday; on a Wednesday since
  // 2013 (until 2012 the Friday July 5 after a Thursday holiday closed early instead).
  const july3 = dayNumberOf(year, 7, 3);
  const w3 = weekdayOf(july3);
  if (w3 === MONDAY || w3 === TUESDAY || w3 === THURSDAY || (w3 === WEDNESDAY && year >= 2013))
    early(july3, 'Day before Independence Day');
  const july5 = july3 + 2;
  if (weekdayOf(july5) === FRIDAY && year <= 2012) early(july5, 'Day after Independence Day');
  for (const c of SPECIAL_EARLY_CLOSES) if (c.date.startsWith(`${year}-`)) early(dayNumber(c.date), c.name);
  return { closures, earlyCloses };
}

/** The holiday table of a year, built once. */
export function yearTable(year: number): YearTable {
  return memoized(tables, year, () => buildYear(year));
}

const listOf = (map: Map<number, string>): MarketDay[] =>
  [...map.entries()].sort((a, b) => a[0] - b[0]).map(([day, name]) => ({ date: isoDate(day), name }));

/** The weekdays of a year on which the NYSE is closed all day, in date order. */
export function nyseClosures(year: number): MarketDay[] {
  return listOf(yearTable(year).closures);
}

/** The sessions of a year that close at 13:00 New York time, in date order. */
export function nyseEarlyCloses(year: number): MarketDay[] {
  return listOf(yearTable(year).earlyCloses);
}
