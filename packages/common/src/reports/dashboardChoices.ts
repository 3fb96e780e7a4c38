/**
 * What a dashboard report's form offers: the dashboard's tabs (titled with their parents') and its
 * value filters, and the `extra.dashboard` (Superset's shape) that a choice of them is stored as.
 * The server reads it back with reportDashboardState (dashboardState.ts).
 */
import { parseMetadata } from '../dashboard/metadataMigrate.ts';
import { isRecord } from '../isRecord.ts';
import { parseLayout } from '../layout/parse.ts';
import { nodeOf } from '../layout/tree.ts';
import { ROOT_ID } from '../layout/types.ts';

export interface TabChoice {
  id: string;
  /** The tab's title after its parent tabs' titles: 'Sales › Europe'. */
  path: string[];
}

export interface ValueFilterChoice {
  id: string;
  name: string;
  column: string;
}

/** The stored choice: tabs (none: every tab) and values per filter id (none: the filter's default). */
export interface DashboardChoice {
  tabs: string[];
  filterValues: Record<string, string[]>;
}

const tabTitle = (meta: { text?: string; defaultText?: string }, fallback: string) =>
  meta.text?.trim() || meta.defaultText?.trim() || fallback;

export function tabChoices(positionJson: string | null | undefined, untitled: string): TabChoice[] {
  const layout = parseLayout(positionJson, []);
  const choices: TabChoice[] = [];
  // Depth first from the root, so tabs come in the order the dashboard shows them.
  const walk = (id: string, path: string[]) => {
    const node = nodeOf(layout, id);
    if (!node) return;
    const here = node.type === 'TAB' ? [...path, tabTitle(node.meta, untitled)] : path;
    if (node.type === 'TAB') choices.push({ id: node.id, path: here });
    for (const child of node.children) walk(child, here);
  };
  walk(ROOT_ID, []);
  return choices;
}

/** The dashboard's value (select) filters with the column each one filters. */
export function valueFilterChoices(jsonMetadata: string | null | undefined): ValueFilterChoice[] {
  const parsed = parseMetadata(jsonMetadata);
  const filters = parsed.ok ? (parsed.metadata.native_filter_configuration ?? []) : [];
  return filters.flatMap((filter) => {
    if (!isRecord(filter) || filter.filterType !== 'filter_select' || typeof filter.id !== 'string')
      return [];
    const target = Array.isArray(filter.targets) ? filter.targets[0] : undefined;
    const column = isRecord(target) && isRecord(target.column) ? target.column.name : undefined;
    if (typeof column !== 'string' || column === '') return [];
    return [{ id: filter.id, name: typeof filter.name === 'string' ? filter.name : filter.id, column }];
  });
}

/** `extra` for a choice; `{}` when nothing is chosen, which shows every tab with default filters. */
export function dashboardChoiceExtra(
  choice: DashboardChoice,
  filters: readonly ValueFilterChoice[],
): Record<string, unknown> {
  const nativeFilters = filters.flatMap((filter) => {
    const values = (choice.filterValues[filter.id] ?? []).filter((value) => value !== '');
    return values.length > 0
      ? [
          {
            nativeFilterId: filter.id,
            filterType: 'filter_select',
            columnName: filter.column,
            filterValues: values,
          },
        ]
      : [];
  });
  if (choice.tabs.length === 0 && nativeFilters.length === 0) return {};
  return {
    dashboard: {
      ...(choice.tabs.length > 0 && { activeTabs: [...choice.tabs] }),
      ...(nativeFilters.length > 0 && { nativeFilters }),
    },
  };
}

/** A stored `extra` as the form's choice (what it cannot read is left out). */
export function dashboardChoiceOf(extra: unknown): DashboardChoice {
  const state = isRecord(extra) && isRecord(extra.dashboard) ? extra.dashboard : {};
  const tabs = Array.isArray(state.activeTabs)
    ? state.activeTabs.filter((id): id is string => typeof id === 'string')
    : [];
  const filterValues: Record<string, string[]> = {};
  for (const filter of Array.isArray(state.nativeFilters) ? state.nativeFilters : []) {
    if (!isRecord(filter) || typeof filter.nativeFilterId !== 'string' || !Array.isArray(filter.filterValues))
      continue;
    filterValues[filter.nativeFilterId] = filter.filterValues.map(String);
  }
  return { tabs, filterValues };
}
