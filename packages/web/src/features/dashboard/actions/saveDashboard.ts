import { buildSaveBody, type DashboardDraft, type DashboardPropertiesBody } from '@vitrina/common';
import { ApiError } from '../../../api/errors.ts';
import type { DashboardEdits } from '../state/types.ts';

type SessionDraft = Pick<DashboardEdits, 'layout' | 'css' | 'metadata' | 'title' | 'titleRu' | 'properties'>;

/** The dashboard as the editor will save it: everything the edit session holds. */
export function saveDraft(session: SessionDraft): DashboardDraft {
  const { properties } = session;
  return {
    dashboard_title: session.title,
    dashboard_title_ru: session.titleRu,
    slug: properties.slug,
    css: session.css,
    owners: properties.owners.map((owner) => owner.id),
    roles: properties.roles.map((role) => role.id),
    certified_by: properties.certifiedBy,
    certification_details: properties.certificationDetails,
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
