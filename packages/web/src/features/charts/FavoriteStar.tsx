import { StarFilled, StarOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useChartFavoriteStatus, useToggleChartFavorite } from '../../api/charts.ts';
import { useToasts } from '../../components/index.ts';

/** The star state of the listed charts and a toggle that says so when starring fails. */
export function useChartFavorites(ids: readonly number[]) {
  const { t } = useTranslation();
  const { addDangerToast } = useToasts();
  const status = useChartFavoriteStatus(ids);
  const toggle = useToggleChartFavorite();
  return {
    isStarred: (id: number) => status.data?.[id] === true,
    toggle: (id: number) =>
      toggle.mutate(
        { id, starred: status.data?.[id] !== true },
        { onError: () => addDangerToast(t('charts.starError')) },
      ),
  };
}

interface FavoriteStarProps {
  starred: boolean;
  onToggle: () => void;
  /** The chart's title, so each star has its own accessible name. */
  name: string;
}

export function FavoriteStar({ starred, onToggle, name }: FavoriteStarProps) {
  const { t } = useTranslation();
  const label = starred ? t('charts.star.remove', { name }) : t('charts.star.add', { name });
  return (
    <Tooltip title={starred ? t('charts.star.removeShort') : t('charts.star.addShort')}>
      <Button
        type="text"
        size="small"
        aria-label={label}
        aria-pressed={starred}
        onClick={onToggle}
        icon={
          starred ? (
            <StarFilled style={{ color: 'var(--ant-gold-6, #fadb14)' }} />
          ) : (
            <StarOutlined style={{ color: 'var(--ant-color-text-tertiary)' }} />
          )
        }
      />
    </Tooltip>
  );
}
