import { useInfiniteQuery } from '@tanstack/react-query';
import { asGenericDataType } from '@vitrina/common';
import type { FilterOptionsData, FilterQueryOptions } from '@vitrina/common/filters/definition';
import { primaryTarget } from '@vitrina/common/filters/items';
import { filterTypes } from '@vitrina/common/filters/registry';
import type { ExtraFormData, NativeFilter } from '@vitrina/common/filters/types';
import { useMemo } from 'react';
import { useDataset } from '../../../../api/datasets.ts';
import { fetchChartData } from '../../../../viz/useChartData.ts';

interface OptionsRequest {
  parentsExtraFormData: ExtraFormData;
  /** Server-side search text ('search all options'). */
  search?: string;
  /** False until the options are wanted (a 'search all options' select loads when it opens). */
  enabled?: boolean;
}

export interface FilterOptionsState {
  data: FilterOptionsData | null;
  loading: boolean;
  error: Error | null;
  hasMore: boolean;
  loadMore: () => void;
}

/** Joins the pages of a paged option list into one. */
function joinPages(pages: FilterOptionsData[]): FilterOptionsData | null {
  const [first] = pages;
  if (!first) return null;
  if (first.kind !== 'options') return first;
  const options = pages.flatMap((page) => (page.kind === 'options' ? page.options : []));
  const last = pages[pages.length - 1];
  return { ...first, options, hasMore: last?.kind === 'options' && last.hasMore };
}

/**
 * A filter's options from the chart data API with its type's buildQuery: parents' selections narrow
 * them; 'search all options' loads pages of 100 as the list asks for more.
 */
export function useFilterOptions(filter: NativeFilter, request: OptionsRequest): FilterOptionsState {
  const definition = filterTypes[filter.filterType];
  const datasetId = filter.targets[0]?.datasetId;
  const needsDataset = definition.controlPanel.needsDataset && datasetId !== undefined;
  const dataset = useDataset(needsDataset ? datasetId : undefined);
  // Waits for the dataset a type needs (its column types and names), so the options load once.
  const datasetSettled = !needsDataset || !dataset.isPending;
  const datasetColumns = dataset.data?.columns;
  // The column's type, so a server-side search compares numbers and booleans as such, not as text.
  const targetColumn = primaryTarget(filter).column;
  const coltype = asGenericDataType(
    datasetColumns?.find((column) => column.column_name === targetColumn)?.type_generic,
  );
  const { parentsExtraFormData, search = '', enabled = true } = request;
  const query = useInfiniteQuery({
    queryKey: [
      'nativeFilterOptions',
      filter,
      parentsExtraFormData,
      search,
      datasetColumns?.length ?? 0,
      coltype,
    ],
    initialPageParam: 0,
    enabled: enabled && datasetSettled,
    queryFn: async ({ pageParam, signal }) => {
      const options: FilterQueryOptions = {
        parentsExtraFormData,
        search,
        page: pageParam,
        ...(coltype !== undefined ? { coltype } : {}),
      };
      const context = definition.buildQuery(filter, options);
      const queriesData = context ? await fetchChartData(context, { signal }) : [];
      return definition.transformProps(filter, {
        queriesData,
        page: pageParam,
        ...(datasetColumns ? { datasetColumns } : {}),
      });
    },
    getNextPageParam: (last, _all, lastPage) =>
      last.kind === 'options' && last.hasMore ? lastPage + 1 : undefined,
  });
  const { fetchNextPage, hasNextPage, isFetchingNextPage } = query;
  const data = useMemo(() => joinPages(query.data?.pages ?? []), [query.data]);
  return {
    data,
    loading: query.isFetching,
    error: query.error,
    hasMore: hasNextPage,
    loadMore: () => {
      if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
    },
  };
}
