/** What other features may use from charts; the routed screens are in screens.ts, loaded lazily by the router. */
export { chartTypeName } from './chartTypes.ts';
export { CHART_LIST_PATH, exploreChartPath } from './paths.ts';
