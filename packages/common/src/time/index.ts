export { addUnits, lastDay, TIME_UNITS, type TimeUnit, truncate } from './calendar.ts';
export { FROM_AFTER_TO, TimeRangeError, type TimeRangeErrorKind } from './errors.ts';
export { evaluateDateExpression } from './expression.ts';
export {
  boundsToTimeRange,
  formatTimeRangeBound,
  TIME_RANGE_END_TYPES,
  type TimeRangeEndType,
  timeRangeLabel,
} from './format.ts';
export { parseHumanDatetime } from './humanDate.ts';
export {
  NO_TIME_RANGE,
  parseTimeRange,
  TIME_RANGE_SEPARATOR,
  type TimeBounds,
  type TimeRangeOptions,
} from './timeRange.ts';
export { parseTimeDelta, shiftRange, TIME_SHIFTS, type TimeDelta } from './timeShift.ts';
