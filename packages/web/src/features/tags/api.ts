import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListQueryParams, ListResponse, TagItem, TagWriteRequest } from '@vitrina/common';
import { api } from '../../api/client.ts';
import { listQueryToRison } from '../../api/listQuery.ts';
import { useListQuery } from '../../api/resource.ts';
import { encodeRison } from '../../api/rison.ts';
import { tagKeys } from '../../api/tags.ts';

/** The Tags screen's calls to `/api/v1/tag/`: its page of tags, a tag's save and the deletes. */

const TAGS_PATH = '/api/v1/tag/';

export function useTagPage(query: ListQueryParams) {
  return useListQuery<TagItem>([...tagKeys.all, 'page', query], TAGS_PATH, query);
}

/** Every list that shows tags asks again after a tag changes (its name, or what carries it). */
function useRefreshTagged() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [tagKeys.all, ['charts'], ['dashboards'], ['savedQueries'], ['datasets']].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

/** Whether a custom tag of that exact name exists (a new tag must not take over an existing one). */
export async function tagNameTaken(name: string): Promise<boolean> {
  const body = await api.get<ListResponse<TagItem>>(
    TAGS_PATH,
    listQueryToRison({
      filters: [
        { col: 'type', opr: 'custom_tag', value: true },
        { col: 'name', opr: 'eq', value: name },
      ],
      columns: ['id'],
      page: 0,
      page_size: 1,
    }),
  );
  return body.count > 0;
}

export function useSaveTag() {
  const refresh = useRefreshTagged();
  return async (id: number | undefined, request: TagWriteRequest) => {
    if (id === undefined) await api.post(TAGS_PATH, request);
    else await api.put(`${TAGS_PATH}${id}`, request);
    await refresh();
  };
}

/**
 * Deletes tags as Superset's Tags screen does: one by its id, several by their names in one request
 * (`DELETE /api/v1/tag/?q=!('a','b')`), all or none.
 */
export function useDeleteTags() {
  const refresh = useRefreshTagged();
  return async (tags: ReadonlyArray<Pick<TagItem, 'id' | 'name'>>) => {
    if (tags.length === 1) await api.delete(`${TAGS_PATH}${tags[0]!.id}`);
    else {
      const q = encodeRison(tags.map((tag) => tag.name));
      await api.delete(`${TAGS_PATH}?q=${encodeURIComponent(q)}`);
    }
    await refresh();
  };
}

/** The dashboards, charts or saved queries a tag can be put on, found by name (the first 100). */
const PICKABLE = {
  dashboards: { path: '/api/v1/dashboard/', column: 'dashboard_title' },
  charts: { path: '/api/v1/chart/', column: 'slice_name' },
  queries: { path: '/api/v1/saved_query/', column: 'label' },
} as const;

export type PickableKind = keyof typeof PICKABLE;

export function usePickableObjects(kind: PickableKind, search: string, enabled: boolean) {
  const { path, column } = PICKABLE[kind];
  return useQuery({
    queryKey: ['tags', 'pickable', kind, search],
    queryFn: async () => {
      const body = await api.get<ListResponse<Record<string, unknown>>>(
        path,
        listQueryToRison({
          filters: search.trim() ? [{ col: column, opr: 'ct', value: search.trim() }] : [],
          columns: ['id', column],
          order_column: column,
          order_direction: 'asc',
          page: 0,
          page_size: 100,
        }),
      );
      return body.result.map((row) => ({ value: row.id as number, label: String(row[column] ?? '') }));
    },
    enabled,
    staleTime: 30_000,
  });
}
