import { useQuery } from '@tanstack/react-query';
import type {
  ItemResponse,
  ListQueryParams,
  ListResponse,
  PermissionView,
  Role,
  RolePermission,
  RolePermissionsRequest,
  RoleWriteRequest,
} from '@vitrina/common';
import { api } from './client.ts';
import { useInvalidatingMutation, useListQuery } from './resource.ts';

const ROLES_PATH = '/api/v1/security/roles/';

export const roleKeys = {
  all: ['roles'] as const,
  list: (query: ListQueryParams) => ['roles', 'list', query] as const,
  permissions: (roleId: number) => ['roles', roleId, 'permissions'] as const,
  grantable: ['permissions-resources'] as const,
};

export function useRoles(query: ListQueryParams) {
  return useListQuery<Role>(roleKeys.list(query), ROLES_PATH, query);
}

/** Every role, for pickers (the roles API pages at 100). */
export function useRoleOptions() {
  return useRoles({ page_size: 100, order_column: 'name', order_direction: 'asc' });
}

export function useRolePermissions(roleId: number | undefined) {
  return useQuery({
    queryKey: roleKeys.permissions(roleId ?? 0),
    queryFn: () =>
      api
        .get<{ result: RolePermission[] }>(`${ROLES_PATH}${roleId}/permissions/`)
        .then((body) => body.result),
    enabled: roleId !== undefined,
  });
}

export function usePermissionViews() {
  return useQuery({
    queryKey: roleKeys.grantable,
    queryFn: () =>
      api
        .get<ListResponse<PermissionView>>('/api/v1/security/permissions-resources/', { page_size: 1000 })
        .then((body) => body.result),
    staleTime: 10 * 60_000,
  });
}

export function useCreateRole() {
  return useInvalidatingMutation(roleKeys.all, (role: RoleWriteRequest) =>
    api.post<ItemResponse<Role>>(ROLES_PATH, role),
  );
}

export function useUpdateRole() {
  return useInvalidatingMutation(roleKeys.all, ({ id, changes }: { id: number; changes: RoleWriteRequest }) =>
    api.put<ItemResponse<Role>>(`${ROLES_PATH}${id}`, changes),
  );
}

export function useDeleteRole() {
  return useInvalidatingMutation(roleKeys.all, (id: number) =>
    api.delete<{ message: string }>(`${ROLES_PATH}${id}`),
  );
}

export function useSaveRolePermissions() {
  return useInvalidatingMutation(roleKeys.all, ({ roleId, ids }: { roleId: number; ids: number[] }) =>
    api.post<unknown>(`${ROLES_PATH}${roleId}/permissions`, {
      permission_view_menu_ids: ids,
    } satisfies RolePermissionsRequest),
  );
}
