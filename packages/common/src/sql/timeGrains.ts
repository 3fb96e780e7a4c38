/** Time grains as Superset names them (ISO-8601 durations, with anchored week variants). */
export const TIME_GRAINS = [
  'PT1S',
  'PT5S',
  'PT30S',
  'PT1M',
  'PT5M',
  'PT10M',
  'PT15M',
  'PT30M',
  'PT1H',
  'PT6H',
  'P1D',
  'P7D',
  'P1W',
  'P1M',
  'P3M',
  'P1Y',
  '1969-12-28T00:00:00Z/P1W',
  '1969-12-29T00:00:00Z/P1W',
  'P1W/1970-01-03T00:00:00Z',
  'P1W/1970-01-04T00:00:00Z',
] as const;
export type TimeGrain = (typeof TIME_GRAINS)[number];

/** English names, as Superset shows them; the UI translates them through i18n keys `timeGrain.<code>`. */
export const TIME_GRAIN_NAMES: Record<TimeGrain, string> = {
  PT1S: 'Second',
  PT5S: '5 second',
  PT30S: '30 second',
  PT1M: 'Minute',
  PT5M: '5 minute',
  PT10M: '10 minute',
  PT15M: '15 minute',
  PT30M: '30 minute',
  PT1H: 'Hour',
  PT6H: '6 hour',
  P1D: 'Day',
  P7D: '7 day',
  P1W: 'Week',
  P1M: 'Month',
  P3M: 'Quarter',
  P1Y: 'Year',
  '1969-12-28T00:00:00Z/P1W': 'Week starting Sunday',
  '1969-12-29T00:00:00Z/P1W': 'Week starting Monday',
  'P1W/1970-01-03T00:00:00Z': 'Week ending Saturday',
  'P1W/1970-01-04T00:00:00Z': 'Week ending Sunday',
};

/** Legacy codes older clients send, mapped to the current ones. */
export const TIME_GRAIN_ALIASES: Record<string, TimeGrain> = { 'PT0.5H': 'PT30M', 'P0.25Y': 'P3M' };

/** The grain Superset's list calls 'none': an explicit "no bucketing", the column as it is. */
export const NO_TIME_GRAIN = 'none';

export function isTimeGrain(value: string): value is TimeGrain {
  return (TIME_GRAINS as readonly string[]).includes(value);
}
