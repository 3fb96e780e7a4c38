// The dashboard state a report opens (Superset's `extra.dashboard`: activeTabs, anchor and
// nativeFilters[].nativeFilterId) must name tabs and native filters of the report's dashboard; a
// stale id would send a view of the dashboard that nobody asked for.
import { parseMetadata } from '../dashboard/metadataMigrate.ts';
import { isRecord } from '../isRecord.ts';
import { parseLayout } from '../layout/parse.ts';
import { nodeOf } from '../layout/tree.ts';

export interface ReportDashboard {
  position_json: string | null;
  json_metadata: string | null;
}

export const tabNotFound = (id: string) => `Tab not found in the dashboard: ${id}`;
export const nativeFilterNotFound = (id: string) => `Native filter not found in the dashboard: ${id}`;
const NOT_A_MAPPING = 'extra.dashboard must be an object';
const TABS_NOT_STRINGS = 'extra.dashboard.activeTabs must be a list of tab ids';
const ANCHOR_NOT_STRING = 'extra.dashboard.anchor must be a tab id';
const FILTERS_NOT_LIST = 'extra.dashboard.nativeFilters must be a list of {nativeFilterId, …}';

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/** What is wrong with `extra.dashboard` for this dashboard, one text each; empty when nothing is. */
export function dashboardStateProblems(
  extra: Record<string, unknown> | null,
  dashboard: ReportDashboard,
): string[] {
  const state = extra?.dashboard;
  if (state === undefined || state === null) return [];
  if (!isRecord(state)) return [NOT_A_MAPPING];
  const problems: string[] = [];
  const layout = parseLayout(dashboard.position_json, []);
  const tabIds: string[] = [];
  if (state.activeTabs !== undefined && state.activeTabs !== null) {
    if (isStringList(state.activeTabs)) tabIds.push(...state.activeTabs);
    else problems.push(TABS_NOT_STRINGS);
  }
  if (state.anchor !== undefined && state.anchor !== null && state.anchor !== '') {
    if (typeof state.anchor === 'string') tabIds.push(state.anchor);
    else problems.push(ANCHOR_NOT_STRING);
  }
  for (const id of new Set(tabIds)) {
    if (nodeOf(layout, id)?.type !== 'TAB') problems.push(tabNotFound(id));
  }
  if (state.nativeFilters !== undefined && state.nativeFilters !== null) {
    if (!Array.isArray(state.nativeFilters)) problems.push(FILTERS_NOT_LIST);
    else problems.push(...nativeFilterProblems(state.nativeFilters, dashboard.json_metadata));
  }
  return problems;
}

function nativeFilterProblems(filters: unknown[], jsonMetadata: string | null): string[] {
  const parsed = parseMetadata(jsonMetadata);
  const configured = new Set(
    (parsed.ok ? (parsed.metadata.native_filter_configuration ?? []) : []).flatMap((filter) =>
      isRecord(filter) && typeof filter.id === 'string' ? [filter.id] : [],
    ),
  );
  const problems: string[] = [];
  for (const filter of filters) {
    const id = isRecord(filter) ? filter.nativeFilterId : undefined;
    if (typeof id !== 'string') problems.push(FILTERS_NOT_LIST);
    else if (!configured.has(id)) problems.push(nativeFilterNotFound(id));
  }
  return [...new Set(problems)];
}
