import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGetResponse } from './client.ts';

/**
 * A chart's or dashboard's thumbnail (`thumbnail_url` of the lists): the server answers 202 while a
 * worker draws it, so the picture is asked for again with growing waits, then given up on.
 */

export type ThumbnailAnswer = { state: 'drawn'; picture: Blob } | { state: 'drawing' };

/** Waits between asks while the picture is being drawn: about half a minute in all. */
export const THUMBNAIL_RETRY_DELAYS_MS = [1000, 2000, 4000, 8000, 16000];

export async function fetchThumbnail(url: string, signal?: AbortSignal): Promise<ThumbnailAnswer> {
  const response = await apiGetResponse(url, 'image/png', { signal });
  if (response.status === 202) return { state: 'drawing' };
  return { state: 'drawn', picture: await response.blob() };
}

export type ThumbnailState = { state: 'drawn'; picture: Blob } | { state: 'drawing' | 'missing' };

/** An answer as the hook keeps it: how many times in a row the server said "still drawing". */
type KeptAnswer = { state: 'drawn'; picture: Blob } | { state: 'drawing'; asks: number };

/**
 * The picture at `url` (null: the object has none, thumbnails are off). Missing after an error (the
 * server could not draw it) or once the waits are spent; the URL names its content, so it never goes stale.
 */
export function useThumbnail(
  url: string | null | undefined,
  retryDelaysMs: readonly number[] = THUMBNAIL_RETRY_DELAYS_MS,
): ThumbnailState {
  const queryClient = useQueryClient();
  const queryKey = ['thumbnail', url];
  const query = useQuery({
    queryKey,
    queryFn: async ({ signal }): Promise<KeptAnswer> => {
      const answer = await fetchThumbnail(url as string, signal);
      if (answer.state === 'drawn') return answer;
      const before = queryClient.getQueryData<KeptAnswer>(queryKey);
      return { state: 'drawing', asks: (before?.state === 'drawing' ? before.asks : 0) + 1 };
    },
    enabled: Boolean(url),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    refetchInterval: (current) => {
      const answer = current.state.data;
      return answer?.state === 'drawing' ? (retryDelaysMs[answer.asks - 1] ?? false) : false;
    },
  });
  const answer = query.data;
  if (!url || query.isError) return { state: 'missing' };
  if (answer?.state === 'drawn') return answer;
  return { state: answer && answer.asks > retryDelaysMs.length ? 'missing' : 'drawing' };
}
