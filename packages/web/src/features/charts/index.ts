export { ChartListPage } from './ChartListPage.tsx';
export { CHART_LIST_PATH, exploreChartPath } from './paths.ts';
