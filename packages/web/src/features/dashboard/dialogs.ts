/**
 * The dashboard's dialogs, each loaded the first time it opens: a viewer who never opens one never
 * downloads its code, nor the antd parts only it uses (forms, trees, tables, the code editor).
 * Render each only while it is open.
 */
import { lazyComponent } from '../../components/index.ts';

export const FilterConfigModal = lazyComponent(() =>
  import('./nativeFilters/config/FilterConfigModal.tsx').then((module) => module.FilterConfigModal),
);
export const ScopingModal = lazyComponent(() =>
  import('./crossFilters/ScopingModal.tsx').then((module) => module.ScopingModal),
);
export const ChartDataModal = lazyComponent(() =>
  import('./chartMenu/ChartDataModal.tsx').then((module) => module.ChartDataModal),
);
export const DrillToDetailModal = lazyComponent(() =>
  import('./chartMenu/DrillToDetailModal.tsx').then((module) => module.DrillToDetailModal),
);
export const PropertiesModal = lazyComponent(() =>
  import('./properties/PropertiesModal.tsx').then((module) => module.PropertiesModal),
);
export const CssEditorModal = lazyComponent(() =>
  import('./properties/CssEditorModal.tsx').then((module) => module.CssEditorModal),
);
export const SaveAsModal = lazyComponent(() =>
  import('./actions/SaveAsModal.tsx').then((module) => module.SaveAsModal),
);
export const OverwriteModal = lazyComponent(() =>
  import('./actions/OverwriteModal.tsx').then((module) => module.OverwriteModal),
);
export const RefreshIntervalModal = lazyComponent(() =>
  import('./actions/RefreshIntervalModal.tsx').then((module) => module.RefreshIntervalModal),
);
export const ChartTimingModal = lazyComponent(() =>
  import('../../viz/ChartTimingModal.tsx').then((module) => module.ChartTimingModal),
);
/** The edit mode's palette of layout elements and charts: only an editor opens it. */
export const Palette = lazyComponent(() => import('./edit/Palette.tsx').then((module) => module.Palette));
// Other features' dialogs, lazy in their own index.
export { EmbedDashboardModal } from '../embedded/index.ts';
export { ViewQueryModal } from '../explore/index.ts';
