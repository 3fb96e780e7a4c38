/** What other features may use from explore; the routed screen is in screens.ts, loaded lazily by the router. */
import { lazyComponent } from '../../components/index.ts';

export { AdhocFilterControl } from './controls/filters/AdhocFilterControl.tsx';
export { TimeRangeField } from './controls/timeRange/TimeRangeField.tsx';

/** The query dialog other screens open (a dashboard's chart menu): its code loads when it first opens. */
export const ViewQueryModal = lazyComponent(() =>
  import('./chart/ViewQueryModal.tsx').then((module) => module.ViewQueryModal),
);
