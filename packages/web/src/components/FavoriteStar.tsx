import { StarFilled, StarOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

interface FavoriteStarProps {
  starred: boolean;
  onToggle: () => void;
  /** The item's title, so each star has its own accessible name. */
  name: string;
}

/** The star of one listed item (chart or dashboard), its state and toggle given by the list. */
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
