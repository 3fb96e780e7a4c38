/** The props of the period comparison component (web/viz/popKpi). */
export interface PopKpiChartProps {
  /** The current period's value; null when there is none. */
  value: number | string | null;
  /** The formatted value; empty when there is none (the component says 'No data'). */
  headerText: string;
  /** The comparison period's value, the difference and the change in percent, formatted ('' unknown). */
  previousText: string;
  differenceText: string;
  percentText: string;
  emptyReason: 'noData' | null;
  /** Font sizes as proportions of the chart's height. */
  headerFontSize: number;
  subheaderFontSize: number;
  /** Colour of the comparison when colouring is on: up, down or none. */
  changeTone: 'positive' | 'negative' | null;
  /** The two periods as people read them (end included), when their bounds are known. */
  currentPeriod: string | null;
  previousPeriod: string | null;
}
