import { useQuery } from '@tanstack/react-query';
import type {
  AnnotationItem,
  AnnotationLayerItem,
  AnnotationLayerWriteRequest,
  AnnotationWriteRequest,
  ListQueryParams,
} from '@vitrina/common';
import { api } from '../../api/client.ts';
import { deleteIds, useInvalidatingMutation, useListQuery } from '../../api/resource.ts';

/** Data hooks of `/api/v1/annotation_layer/` and its annotations (only these screens use them). */

const LAYERS_PATH = '/api/v1/annotation_layer/';
const annotationsPath = (layerId: number) => `${LAYERS_PATH}${layerId}/annotation/`;

export const annotationKeys = {
  all: ['annotationLayers'] as const,
  layers: (query: ListQueryParams) => ['annotationLayers', 'list', query] as const,
  layer: (id: number) => ['annotationLayers', 'layer', id] as const,
  annotations: (layerId: number, query: ListQueryParams) =>
    ['annotationLayers', 'annotations', layerId, query] as const,
};

export function useAnnotationLayers(query: ListQueryParams) {
  return useListQuery<AnnotationLayerItem>(annotationKeys.layers(query), LAYERS_PATH, query);
}

export function useAnnotationLayer(id: number) {
  return useQuery({
    queryKey: annotationKeys.layer(id),
    queryFn: () =>
      api.get<{ result: { id: number; name: string; descr: string | null } }>(`${LAYERS_PATH}${id}`),
    enabled: Number.isSafeInteger(id) && id > 0,
  });
}

export function useSaveAnnotationLayer() {
  return useInvalidatingMutation(
    annotationKeys.all,
    ({ id, layer }: { id?: number; layer: AnnotationLayerWriteRequest }) =>
      id === undefined ? api.post(LAYERS_PATH, layer) : api.put(`${LAYERS_PATH}${id}`, layer),
  );
}

/** Deletes one layer, or several with one bulk request (`?q=!(1,2)`). */
export function useDeleteAnnotationLayers() {
  return useInvalidatingMutation(annotationKeys.all, (ids: number[]) => deleteIds(LAYERS_PATH, ids));
}

export function useAnnotations(layerId: number, query: ListQueryParams) {
  return useListQuery<AnnotationItem>(
    annotationKeys.annotations(layerId, query),
    annotationsPath(layerId),
    query,
  );
}

export function useSaveAnnotation(layerId: number) {
  return useInvalidatingMutation(
    annotationKeys.all,
    ({ id, annotation }: { id?: number; annotation: AnnotationWriteRequest }) =>
      id === undefined
        ? api.post(annotationsPath(layerId), annotation)
        : api.put(`${annotationsPath(layerId)}${id}`, annotation),
  );
}

export function useDeleteAnnotations(layerId: number) {
  return useInvalidatingMutation(annotationKeys.all, (ids: number[]) =>
    deleteIds(annotationsPath(layerId), ids),
  );
}
