import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ItemResponse,
  type ListResponse,
  TAGGED_OBJECT_TYPES,
  type TaggedObject,
  type TaggedObjectType,
  type TagItem,
  tagChanges,
} from '@vitrina/common';
import { useCallback } from 'react';
import { api } from './client.ts';
import { useFeatureFlag } from './featureFlags.ts';
import { listQueryToRison } from './listQuery.ts';

/**
 * The tags API (`/api/v1/tag/`, Superset's TagRestApi): the tags a picker or a filter offers, one tag,
 * the objects carrying it, and the tagging calls that put tags on one object and take them off.
 */
const TAGS_PATH = '/api/v1/tag/';

/** A picker's options: the first 100 custom tags by name (Superset's select page size). */
const TAG_OPTIONS_PAGE_SIZE = 100;

export const tagKeys = {
  all: ['tags'] as const,
  options: (search: string) => ['tags', 'options', search] as const,
  detail: (id: number) => ['tags', 'detail', id] as const,
  objects: (id: number) => ['tags', 'objects', id] as const,
};

/** Whether tags are shown at all (the TAGGING_SYSTEM feature flag). */
export function useTaggingEnabled(): boolean {
  return useFeatureFlag('TAGGING_SYSTEM');
}

/** The custom tags whose name contains `search` (all of them for ''), by name. */
export function useTagOptions(search = '', enabled = true) {
  return useQuery({
    queryKey: tagKeys.options(search),
    queryFn: () =>
      api
        .get<ListResponse<TagItem>>(
          TAGS_PATH,
          listQueryToRison({
            filters: [
              { col: 'type', opr: 'custom_tag', value: true },
              ...(search.trim() ? [{ col: 'name', opr: 'ct', value: search.trim() }] : []),
            ],
            columns: ['id', 'name', 'type'],
            order_column: 'name',
            order_direction: 'asc',
            page: 0,
            page_size: TAG_OPTIONS_PAGE_SIZE,
          }),
        )
        .then((body) => body.result),
    enabled,
    staleTime: 30_000,
  });
}

export function useTag(id: number | undefined) {
  return useQuery({
    queryKey: tagKeys.detail(id ?? 0),
    queryFn: () => api.get<ItemResponse<TagItem>>(`${TAGS_PATH}${id}`).then((body) => body.result),
    enabled: id !== undefined,
    retry: false,
  });
}

/** `GET /api/v1/tag/get_objects/?tagIds=<id>`: what carries the tag, as far as the caller may open it. */
export function useTaggedObjects(id: number | undefined) {
  return useQuery({
    queryKey: tagKeys.objects(id ?? 0),
    queryFn: () =>
      api
        .get<{ result: TaggedObject[] }>(`${TAGS_PATH}get_objects/?tagIds=${id}`)
        .then((body) => body.result),
    enabled: id !== undefined,
  });
}

/**
 * Saves an object's tags as a picker left them: one call puts the new names on (making the tags that do
 * not exist yet), one call per removed name takes it off; then every list showing tags is asked again.
 */
export function useSaveObjectTags() {
  const queryClient = useQueryClient();
  return useCallback(
    async (type: TaggedObjectType, id: number, before: readonly string[], after: readonly string[]) => {
      const { added, removed } = tagChanges(before, after);
      if (added.length === 0 && removed.length === 0) return;
      const path = `${TAGS_PATH}${TAGGED_OBJECT_TYPES[type]}/${id}/`;
      if (added.length > 0) await api.post(path, { properties: { tags: added } });
      for (const name of removed) await api.delete(`${path}${encodeURIComponent(name)}/`);
      await Promise.all(
        [tagKeys.all, ['charts'], ['dashboards'], ['savedQueries'], ['datasets']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
    [queryClient],
  );
}
