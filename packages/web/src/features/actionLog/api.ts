import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ListQueryParams, LogEntryItem, SlowestDays, SlowestResponse } from '@vitrina/common';
import { api } from '../../api/client.ts';
import { useListQuery } from '../../api/resource.ts';

/** Data hooks of `/api/v1/log/` (only the Action Log screen uses them). */

const LOG_PATH = '/api/v1/log/';

export const logKeys = {
  all: ['actionLog'] as const,
  list: (query: ListQueryParams) => ['actionLog', 'list', query] as const,
  slowest: (days: SlowestDays) => ['actionLog', 'slowest', days] as const,
};

export function useLogEntries(query: ListQueryParams) {
  return useListQuery<LogEntryItem>(logKeys.list(query), LOG_PATH, query);
}

export function useSlowest(days: SlowestDays) {
  return useQuery({
    queryKey: logKeys.slowest(days),
    queryFn: () => api.get<SlowestResponse>(`${LOG_PATH}slowest/`, { days }),
    placeholderData: keepPreviousData,
  });
}
