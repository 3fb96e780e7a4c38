import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../api/client.ts';
import { type AnnotationLayer, isChartSource, SOURCE_VIZ_TYPES, type SourceType } from './annotationLayer.ts';

/** Saved charts a layer can take its data from: `GET /api/v1/chart/` by name, of the source's viz types. */
interface ChartOption {
  id: number;
  slice_name: string;
  viz_type: string;
}

const PAGE_SIZE = 100;

export function useSourceCharts(sourceType: SourceType, search: string) {
  return useQuery({
    queryKey: ['annotationSourceCharts', sourceType, search],
    enabled: isChartSource(sourceType),
    staleTime: 60_000,
    queryFn: async () => {
      const vizTypes = isChartSource(sourceType) ? SOURCE_VIZ_TYPES[sourceType] : [];
      const filters = [
        ...(vizTypes.length === 1 ? [{ col: 'viz_type', opr: 'eq', value: vizTypes[0] as string }] : []),
        ...(search.trim() ? [{ col: 'slice_name', opr: 'ct', value: search.trim() }] : []),
      ];
      const body = await api.get<{ result: ChartOption[] }>('/api/v1/chart/', {
        columns: ['id', 'slice_name', 'viz_type'],
        filters,
        order_column: 'slice_name',
        order_direction: 'asc',
        page: 0,
        page_size: PAGE_SIZE,
      });
      return body.result.filter((chart) => vizTypes.includes(chart.viz_type));
    },
  });
}

const columnName = (column: unknown): string | null => {
  if (typeof column === 'string') return column;
  if (column && typeof column === 'object' && typeof (column as { label?: unknown }).label === 'string')
    return (column as { label: string }).label;
  return null;
};

/** The columns a source chart's results have, read from its saved form data. */
export function sourceChartColumns(params: Record<string, unknown>): string[] {
  const names: string[] = [];
  for (const key of ['all_columns', 'groupby', 'columns', 'x_axis', 'granularity_sqla', 'metrics']) {
    const value = params[key];
    for (const column of Array.isArray(value) ? value : [value]) {
      const name = columnName(column);
      if (name && !names.includes(name)) names.push(name);
    }
  }
  return names;
}

/** `GET /api/v1/chart/{id}`: the source chart's name and the columns its table has. */
export function useSourceChart(layer: AnnotationLayer) {
  const id = typeof layer.value === 'number' ? layer.value : Number(layer.value);
  return useQuery({
    queryKey: ['annotationSourceChart', id],
    enabled: isChartSource(layer.sourceType) && Number.isInteger(id) && id > 0,
    staleTime: 60_000,
    queryFn: async () => {
      const body = await api.get<{ result: { id: number; slice_name: string; params: string | null } }>(
        `/api/v1/chart/${id}`,
      );
      let params: Record<string, unknown> = {};
      try {
        params = body.result.params ? (JSON.parse(body.result.params) as Record<string, unknown>) : {};
      } catch {
        // A chart with unreadable params offers no columns; the user picks another.
      }
      return { id: body.result.id, sliceName: body.result.slice_name, columns: sourceChartColumns(params) };
    },
  });
}

/** Native annotation layers a layer can draw: `GET /api/v1/annotation_layer/` by name (first 100). */
export function useNativeLayers(enabled: boolean, search: string) {
  return useQuery({
    queryKey: ['annotationNativeLayers', search],
    enabled,
    staleTime: 60_000,
    queryFn: async () => {
      const body = await api.get<{ result: Array<{ id: number; name: string }> }>(
        '/api/v1/annotation_layer/',
        {
          columns: ['id', 'name'],
          filters: search.trim() ? [{ col: 'name', opr: 'ct', value: search.trim() }] : [],
          order_column: 'name',
          order_direction: 'asc',
          page: 0,
          page_size: PAGE_SIZE,
        },
      );
      return body.result;
    },
  });
}
