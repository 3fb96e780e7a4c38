import type { DashboardDto } from '@vitrina/common';
import type { PropertiesChanges } from '../properties/index.ts';
import type { DashboardEdits, DashboardSessionAction } from '../state/types.ts';

/** The dashboard as the properties modal should start from in edit mode: the unsaved edits applied. */
export function editedDashboard(
  dashboard: DashboardDto,
  session: Pick<DashboardEdits, 'title' | 'titleRu' | 'css' | 'metadata' | 'properties'>,
): DashboardDto {
  const { properties } = session;
  return {
    ...dashboard,
    dashboard_title: session.title,
    dashboard_title_ru: session.titleRu,
    css: session.css,
    json_metadata: JSON.stringify(session.metadata),
    slug: properties.slug,
    owners: properties.owners,
    roles: properties.roles,
    certified_by: properties.certifiedBy,
    certification_details: properties.certificationDetails,
  };
}

/** The session action for properties applied in edit mode: one undoable step. */
export function applyPropertiesAction(
  changes: PropertiesChanges,
): Extract<DashboardSessionAction, { type: 'setProperties' }> {
  return {
    type: 'setProperties',
    title: changes.title,
    titleRu: changes.titleRu,
    metadata: changes.metadata,
    properties: {
      slug: changes.slug,
      owners: changes.owners,
      roles: changes.roles,
      certifiedBy: changes.certifiedBy,
      certificationDetails: changes.certificationDetails,
    },
  };
}
