import {
  buildSaveBody,
  type DashboardDto,
  type DashboardMetadata,
  type DashboardPropertiesBody,
  type RoleRefDto,
  type UserRefDto,
} from '@vitrina/common';

/** What the properties modal hands back: the page applies it to its unsaved state, or it is saved. */
export interface PropertiesChanges {
  title: string;
  titleRu: string;
  slug: string;
  owners: UserRefDto[];
  roles: RoleRefDto[];
  certifiedBy: string;
  certificationDetails: string;
  metadata: DashboardMetadata;
}

/** The modal's starting values from the dashboard as the server sent it. */
export function changesFromDashboard(
  dashboard: DashboardDto,
  metadata: DashboardMetadata,
): PropertiesChanges {
  return {
    title: dashboard.dashboard_title,
    titleRu: dashboard.dashboard_title_ru ?? '',
    slug: dashboard.slug ?? '',
    owners: dashboard.owners,
    roles: dashboard.roles,
    certifiedBy: dashboard.certified_by ?? '',
    certificationDetails: dashboard.certification_details ?? '',
    metadata,
  };
}

/**
 * The properties body of `PUT /api/v1/dashboard/{id}`: common's save rules (buildSaveBody: placeholder
 * titles, null slug, details only with a certifier, roles only with role-based access) without the
 * layout, which a properties save leaves as it is; plus the `changed_on` the dashboard was loaded with.
 */
export function propertiesBody(
  changes: PropertiesChanges,
  options: { rbac: boolean; css: string | null; changedOn?: string },
): DashboardPropertiesBody {
  const { position_json: _layout, ...body } = buildSaveBody(
    {
      dashboard_title: changes.title,
      dashboard_title_ru: changes.titleRu,
      slug: changes.slug,
      css: options.css,
      owners: changes.owners.map((owner) => owner.id),
      roles: changes.roles.map((role) => role.id),
      certified_by: changes.certifiedBy,
      certification_details: changes.certificationDetails,
      metadata: changes.metadata,
      layout: {},
    },
    { rbacEnabled: options.rbac },
  );
  return { ...body, ...(options.changedOn ? { changed_on: options.changedOn } : {}) };
}

/** The metadata text the dashboard carries, parsed; an empty or unreadable one is an empty object. */
export function metadataText(dashboard: Pick<DashboardDto, 'json_metadata'>): string {
  const text = dashboard.json_metadata?.trim() ?? '';
  if (!text) return '{}';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
