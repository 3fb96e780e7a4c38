import type { DashboardDto } from '@vitrina/common';
import type { PropertyOverrides } from '../actions/saveDashboard.ts';
import type { PropertiesChanges } from '../properties/index.ts';
import type { DashboardSession } from '../state/types.ts';

/** What the properties applied in edit mode change beyond the session's titles and metadata. */
export function overridesFrom(applied: PropertiesChanges | null): PropertyOverrides {
  if (!applied) return {};
  return {
    slug: applied.slug,
    owners: applied.owners.map((owner) => owner.id),
    roles: applied.roles.map((role) => role.id),
    certified_by: applied.certifiedBy,
    certification_details: applied.certificationDetails,
  };
}

/** The dashboard as the properties modal should start from in edit mode: the unsaved edits applied. */
export function editedDashboard(
  dashboard: DashboardDto,
  session: Pick<DashboardSession, 'title' | 'titleRu' | 'css' | 'metadata'>,
  applied: PropertiesChanges | null,
): DashboardDto {
  const edited: DashboardDto = {
    ...dashboard,
    dashboard_title: session.title,
    dashboard_title_ru: session.titleRu,
    css: session.css,
    json_metadata: JSON.stringify(session.metadata),
  };
  if (!applied) return edited;
  return {
    ...edited,
    slug: applied.slug,
    owners: applied.owners,
    roles: applied.roles,
    certified_by: applied.certifiedBy,
    certification_details: applied.certificationDetails,
  };
}
