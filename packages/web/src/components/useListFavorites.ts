import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useToasts } from './toast/index.ts';

/** What the list needs of a favourite-status query: id → starred, and whether it failed. */
interface FavoriteStatusQuery {
  data: Readonly<Record<number, boolean>> | undefined;
  isError: boolean;
}

/** What the list needs of a star toggle. */
interface FavoriteToggle {
  mutate: (item: { id: number; starred: boolean }, options: { onError: () => void }) => void;
}

/** The i18n keys of the toasts: a failed toggle, and (when the list reports it) a failed status query. */
interface FavoriteMessages {
  toggleError: string;
  statusError?: string;
}

/** The star state of the listed items and a toggle that says so when starring fails (charts and dashboards). */
export function useListFavorites(
  status: FavoriteStatusQuery,
  toggle: FavoriteToggle,
  messages: FavoriteMessages,
) {
  const { t } = useTranslation();
  const { addDangerToast } = useToasts();
  const statusFailed = status.isError;
  const { statusError, toggleError } = messages;
  useEffect(() => {
    if (statusFailed && statusError) addDangerToast(t(statusError));
  }, [statusFailed, statusError, addDangerToast, t]);
  return {
    isStarred: (id: number) => status.data?.[id] === true,
    toggle: (id: number) =>
      toggle.mutate(
        { id, starred: status.data?.[id] !== true },
        { onError: () => addDangerToast(t(toggleError)) },
      ),
  };
}
