import {
  buildSaveBody,
  type DashboardDraft,
  type DashboardDto,
  type DashboardPropertiesBody,
} from '@vitrina/common';
import { ApiError } from '../../../api/errors.ts';
import type { DashboardSession } from '../state/types.ts';

/**
 * Properties the edit session does not hold (slug, owners, roles, certification), applied from the
 * properties modal in edit mode and saved with the rest.
 */
export type PropertyOverrides = Partial<
  Pick<DashboardDraft, 'slug' | 'owners' | 'roles' | 'certified_by' | 'certification_details'>
>;

type SessionDraft = Pick<DashboardSession, 'layout' | 'css' | 'metadata' | 'title' | 'titleRu'>;

/** The dashboard as the editor will save it: the session's edits over the loaded dashboard. */
export function saveDraft(
  dashboard: DashboardDto,
  session: SessionDraft,
  overrides: PropertyOverrides,
): DashboardDraft {
  return {
    dashboard_title: session.title,
    dashboard_title_ru: session.titleRu,
    slug: overrides.slug !== undefined ? overrides.slug : dashboard.slug,
    css: session.css,
    owners: overrides.owners ?? dashboard.owners.map((owner) => owner.id),
    roles: overrides.roles ?? dashboard.roles.map((role) => role.id),
    certified_by: overrides.certified_by !== undefined ? overrides.certified_by : dashboard.certified_by,
    certification_details:
      overrides.certification_details !== undefined
        ? overrides.certification_details
        : dashboard.certification_details,
    metadata: session.metadata,
    layout: session.layout,
  };
}

/**
 * The PUT body: the common save rules, plus the `changed_on` of the version loaded so the server can
 * refuse a save over someone else's (left out when the person confirmed the overwrite).
 */
export function saveRequestBody(
  draft: DashboardDraft,
  options: { rbacEnabled: boolean; loadedChangedOn: string | null },
): DashboardPropertiesBody {
  const body: DashboardPropertiesBody = buildSaveBody(draft, { rbacEnabled: options.rbacEnabled });
  return options.loadedChangedOn ? { ...body, changed_on: options.loadedChangedOn } : body;
}

export type SaveFailure =
  | { kind: 'stale' }
  | { kind: 'forbidden' }
  | { kind: 'message'; message: string }
  | { kind: 'unknown' };

/** How a failed save is reported: 409 asks to confirm, 403 and server texts get the spec's toasts. */
export function classifySaveFailure(error: unknown): SaveFailure {
  if (error instanceof ApiError) {
    if (error.status === 409) return { kind: 'stale' };
    if (error.status === 403) return { kind: 'forbidden' };
    // Only the server's own words; a bare status has nothing to add to "unknown error".
    if (!error.messageKey && error.message) return { kind: 'message', message: error.message };
    return { kind: 'unknown' };
  }
  return { kind: 'unknown' };
}
