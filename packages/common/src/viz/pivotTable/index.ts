import { withCode } from '../chartPlugin.ts';
import { code } from './code.ts';
import { chartType } from './type.ts';

export { AGGREGATE_FUNCTION_KEYS } from './aggregators.ts';
export type {
  HeaderLabel,
  PivotBodyCell,
  PivotBodyRow,
  PivotDimensions,
  PivotHeaderCell,
  PivotTableChartProps,
} from './types.ts';

/** The whole plugin at once (the server, tests); the web app loads it through the registry. */
export const plugin = withCode(chartType, code);
