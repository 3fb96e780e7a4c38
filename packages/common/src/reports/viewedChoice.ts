/**
 * A new dashboard report starts from what the person is looking at (Superset's ReportModal sends the
 * dashboard's active tabs and data mask as `extra.dashboard`): the tab shown in each tabs container
 * on the way down from the root, and the applied values of the dashboard's value filters.
 */
import type { DataMaskMap } from '../filters/types.ts';
import { nodeOf } from '../layout/tree.ts';
import { type DashboardLayout, ROOT_ID } from '../layout/types.ts';
import type { DashboardChoice, ValueFilterChoice } from './dashboardChoices.ts';

/**
 * `activeTabs` is the page's selected TAB per TABS id; a container nobody switched shows its first
 * tab, so that one is chosen too. Tabs inside a tab that is not shown are not.
 */
export function shownTabs(layout: DashboardLayout, activeTabs: Readonly<Record<string, string>>): string[] {
  const shown: string[] = [];
  const walk = (id: string) => {
    const node = nodeOf(layout, id);
    if (!node) return;
    if (node.type !== 'TABS') {
      for (const child of node.children) walk(child);
      return;
    }
    const tabs = node.children.filter((child) => nodeOf(layout, child)?.type === 'TAB');
    const active = tabs.find((tab) => tab === activeTabs[node.id]) ?? tabs[0];
    if (active === undefined) return;
    shown.push(active);
    walk(active);
  };
  walk(ROOT_ID);
  return shown;
}

/** A filter's applied selection as the form's texts: none when nothing is selected. */
function selectedValues(value: unknown): string[] {
  const values = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return values.filter((item) => item !== null && item !== undefined && item !== '').map(String);
}

export function viewedDashboardChoice(
  layout: DashboardLayout,
  activeTabs: Readonly<Record<string, string>>,
  dataMask: DataMaskMap,
  filters: readonly ValueFilterChoice[],
): DashboardChoice {
  const filterValues: Record<string, string[]> = {};
  for (const filter of filters) {
    const values = selectedValues(dataMask[filter.id]?.filterState?.value);
    if (values.length > 0) filterValues[filter.id] = values;
  }
  return { tabs: shownTabs(layout, activeTabs), filterValues };
}
