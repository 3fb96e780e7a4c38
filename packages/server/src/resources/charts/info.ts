import type { ListSpec } from '@vitrina/common';
import type { InfoKey } from '../../http/risonArguments.ts';
import { PERMISSION_CATALOG } from '../../security/catalog.ts';
import type { Principal } from '../../security/principal.ts';

/**
 * FAB's `GET /_info` of a model API: the caller's permissions on its class, the filters each search
 * column takes, and the fields a create or an edit form shows.
 */

/** FAB's names of its operators and Superset's names of its custom ones. */
const OPERATOR_NAMES: Readonly<Record<string, string>> = {
  eq: 'Equal to',
  neq: 'Not Equal to',
  gt: 'Greater than',
  lt: 'Smaller than',
  ge: 'Greater than or equal',
  le: 'Smaller than or equal',
  sw: 'Starts with',
  nsw: 'Not Starts With',
  ew: 'Ends with',
  new: 'Not Ends With',
  ct: 'Contains',
  nct: 'Not Contains',
  in: 'One of',
  rel_o_m: 'Relation',
  nrel_o_m: 'No Relation',
  rel_m_m: 'Relation as Many',
  nrel_m_m: 'No Relation as Many',
  chart_all_text: 'All Text',
  chart_is_favorite: 'Is favorite',
  chart_is_certified: 'Is certified',
  chart_owned_created_favored_by_me: 'Owned Created or Favored',
  title_or_slug: 'Title or Slug',
  dashboard_is_favorite: 'Is favorite',
  dashboard_is_certified: 'Is certified',
  report_all_text: 'All Text',
};

export interface InfoField {
  name: string;
  label: string;
  description: string;
  required: boolean;
  type: string;
}

export interface InfoDefinition {
  /** The class permission name, e.g. 'Chart'. */
  view: string;
  spec: ListSpec;
  fields: readonly InfoField[];
  addTitle: string;
  editTitle: string;
}

/** The permission names the principal holds on `view` (Admin: every one the catalogue has on it). */
export function permissionsOn(principal: Principal, view: string): string[] {
  const names = principal.isAdmin
    ? PERMISSION_CATALOG.filter(([, v]) => v === view).map(([p]) => p)
    : [...principal.permissions].flatMap((key) => {
        const bar = key.indexOf('|');
        return key.slice(bar + 1) === view ? [key.slice(0, bar)] : [];
      });
  return [...new Set(names)].sort();
}

export function infoResponse(
  principal: Principal,
  definition: InfoDefinition,
  keys: readonly InfoKey[],
): Record<string, unknown> {
  const blocks: Record<InfoKey, () => unknown> = {
    permissions: () => permissionsOn(principal, definition.view),
    filters: () =>
      Object.fromEntries(
        Object.entries(definition.spec.searchColumns).map(([column, { operators }]) => [
          column,
          operators.map((operator) => ({ name: OPERATOR_NAMES[operator] ?? operator, operator })),
        ]),
      ),
    add_columns: () => definition.fields,
    edit_columns: () => definition.fields.map((field) => ({ ...field, required: false })),
    add_title: () => definition.addTitle,
    edit_title: () => definition.editTitle,
  };
  return Object.fromEntries(keys.map((key) => [key, blocks[key]()]));
}
