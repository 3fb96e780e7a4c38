/** What other features may use from explore; the routed screen is in screens.ts, loaded lazily by the router. */

export { ViewQueryModal } from './chart/ViewQueryModal.tsx';
export { AdhocFilterControl } from './controls/filters/AdhocFilterControl.tsx';
export { TimeRangeField } from './controls/timeRange/TimeRangeField.tsx';
