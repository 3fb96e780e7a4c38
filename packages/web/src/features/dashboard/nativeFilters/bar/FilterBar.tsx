import type { ReactNode } from 'react';
import { useFeatureFlag } from '../../../../api/featureFlags.ts';
import { useDashboardContext } from '../../context.ts';
import { HorizontalFilterBar } from './HorizontalFilterBar.tsx';
import type { FilterBarExtras } from './types.ts';
import { VerticalFilterBar } from './VerticalFilterBar.tsx';

interface FilterBarLayoutProps {
  /** The dashboard's charts, beside or below the bar. */
  children: ReactNode;
  extras?: FilterBarExtras;
  /** Opens the filter configuration; null for viewers who may not edit. */
  onSettings: (() => void) | null;
  /** False hides the bar (no filters and nothing else to show). */
  visible: boolean;
}

/**
 * The filter bar in the dashboard's orientation (json_metadata.filter_bar_orientation): horizontal
 * above the charts when the HORIZONTAL_FILTER_BAR flag is on, else a side panel.
 */
export function FilterBarLayout({ children, extras = {}, onSettings, visible }: FilterBarLayoutProps) {
  const { session } = useDashboardContext();
  const horizontalAllowed = useFeatureFlag('HORIZONTAL_FILTER_BAR');
  const horizontal = horizontalAllowed && session.metadata.filter_bar_orientation === 'HORIZONTAL';
  // One element tree whatever is shown, so showing or hiding the bar never remounts (re-queries) the charts.
  return (
    <div style={{ display: 'flex', gap: visible && !horizontal ? 16 : 0, alignItems: 'flex-start' }}>
      {visible && !horizontal && <VerticalFilterBar extras={extras} onSettings={onSettings} />}
      <div style={{ flex: '1 1 auto', minWidth: 0 }}>
        {visible && horizontal && <HorizontalFilterBar extras={extras} onSettings={onSettings} />}
        {children}
      </div>
    </div>
  );
}
