import { useQuery } from '@tanstack/react-query';
import type { RecentActivityResponse } from '@vitrina/common';
import { api } from './client.ts';
import type { RisonValue } from './rison.ts';

/** `GET /api/v1/log/recent_activity/`: what the signed-in person opened or changed lately. */
const RECENT_ACTIVITY_PATH = '/api/v1/log/recent_activity/';

export type { RecentActivityItem } from '@vitrina/common';

export const recentActivityKeys = {
  all: ['recentActivity'] as const,
  list: (query: RisonValue) => ['recentActivity', query] as const,
};

export function useRecentActivity(query: {
  page: number;
  page_size: number;
  actions: string[];
  distinct: boolean;
}) {
  const rison = query as unknown as RisonValue;
  return useQuery({
    queryKey: recentActivityKeys.list(rison),
    queryFn: () => api.get<RecentActivityResponse>(RECENT_ACTIVITY_PATH, rison).then((body) => body.result),
  });
}
