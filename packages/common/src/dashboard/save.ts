/**
 * The body of PUT /api/v1/dashboard/<pk> when the editor saves, with the spec's save rules
 * (sqllab-dashboards-reports §5): placeholder titles for empty ones, an empty slug sent as null,
 * certification details only with a certifier, roles only with role-based access on. Layout and
 * metadata go as versioned JSON text; `positions` never travels inside json_metadata.
 */
import { serializeLayout } from '../layout/parse.ts';
import { type DashboardLayout, HEADER_ID, type LayoutNode } from '../layout/types.ts';
import { DASHBOARD_METADATA_VERSION, type DashboardMetadata } from './metadata.ts';

/** Superset's placeholder for a dashboard saved without a title. */
export const UNTITLED_DASHBOARD_TITLE = '[ untitled dashboard ]';
/**
 * The Russian title's own placeholder (issue 7 §5; the Dodo fork's text, reference
 * onboarding-and-bilingual "Dashboard title"): any empty Russian title is saved as it, whatever the
 * English title is.
 */
export const UNTITLED_DASHBOARD_TITLE_RU = '[ Безымянный Дашборд ]';

export interface DashboardDraft {
  dashboard_title: string;
  dashboard_title_ru?: string | null;
  slug: string | null;
  css: string | null;
  owners: number[];
  roles: number[];
  certified_by: string | null;
  certification_details: string | null;
  metadata: DashboardMetadata;
  layout: DashboardLayout;
}

export interface DashboardSaveBody {
  dashboard_title: string;
  dashboard_title_ru?: string | null;
  slug: string | null;
  css: string;
  owners: number[];
  roles?: number[];
  certified_by: string | null;
  certification_details: string | null;
  json_metadata: string;
  position_json: string;
}

function blankToNull(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/** The header node carries the dashboard title (reference §4.3), so it follows the saved one. */
function withHeaderTitle(layout: DashboardLayout, title: string): DashboardLayout {
  const header = layout[HEADER_ID];
  if (typeof header !== 'object') return layout;
  const node = header as LayoutNode;
  return { ...layout, [HEADER_ID]: { ...node, meta: { ...node.meta, text: title } } };
}

export function buildSaveBody(draft: DashboardDraft, options: { rbacEnabled: boolean }): DashboardSaveBody {
  const title = blankToNull(draft.dashboard_title) ?? UNTITLED_DASHBOARD_TITLE;
  const certifiedBy = blankToNull(draft.certified_by);
  const { positions: _positions, ...metadata } = draft.metadata;
  const body: DashboardSaveBody = {
    dashboard_title: title,
    slug: blankToNull(draft.slug),
    css: draft.css ?? '',
    owners: draft.owners,
    certified_by: certifiedBy,
    certification_details: certifiedBy ? blankToNull(draft.certification_details) : null,
    json_metadata: JSON.stringify({ ...metadata, version: DASHBOARD_METADATA_VERSION }),
    position_json: serializeLayout(withHeaderTitle(draft.layout, title)),
  };
  if (draft.dashboard_title_ru !== undefined) {
    body.dashboard_title_ru = blankToNull(draft.dashboard_title_ru) ?? UNTITLED_DASHBOARD_TITLE_RU;
  }
  if (options.rbacEnabled) body.roles = draft.roles;
  return body;
}
