/** The props of the big number component (web/viz/bigNumber), shared by both big number types. */

/** Why there is no number: no rows at all, or rows whose latest value is empty. */
export type BigNumberEmptyReason = 'noData' | 'noDataLatest';

export interface BigNumberTrendline {
  /** [time, value] in time order; null values leave gaps. */
  points: Array<[number, number | null]>;
  color: string;
  startYAxisAtZero: boolean;
  formatValue: (value: number | null) => string;
  formatTime: (time: number) => string;
}

export interface BigNumberChartProps {
  /** The number (or a date or text metric) shown; null when there is none. */
  value: number | string | null;
  /** The formatted value; empty when there is none (the component says 'No data'). */
  headerText: string;
  subheader: string;
  emptyReason: BigNumberEmptyReason | null;
  /** Font sizes as proportions of the chart's height (Superset's header_font_size, subheader_font_size). */
  headerFontSize: number;
  subheaderFontSize: number;
  /** The number's colour from conditional formatting. */
  color: string | null;
  /** Tone of the comparison in the subheader: up, down or none. */
  changeTone: 'positive' | 'negative' | null;
  /** The formatted time of the value, when shown. */
  timestamp: string | null;
  /** The value is not the latest period's (that one is empty): the formatted time of the value shown. */
  staleSince: string | null;
  trendline: BigNumberTrendline | null;
}
