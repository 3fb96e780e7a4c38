import { RedoOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, Flex, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDashboardContext } from '../context.ts';

/** The edit mode's buttons: undo and redo (when possible), discard, and save (when something changed). */
export function EditControls({ onSave, onDiscard }: { onSave: () => void; onDiscard: () => void }) {
  const { t } = useTranslation();
  const { session, dispatch } = useDashboardContext();
  return (
    <Flex gap={8} align="center">
      <Tooltip title={t('dashboardActions.edit.undo')}>
        <Button
          icon={<UndoOutlined />}
          aria-label={t('dashboardActions.edit.undo')}
          disabled={session.past.length === 0 || session.saving}
          onClick={() => dispatch({ type: 'undo' })}
        />
      </Tooltip>
      <Tooltip title={t('dashboardActions.edit.redo')}>
        <Button
          icon={<RedoOutlined />}
          aria-label={t('dashboardActions.edit.redo')}
          disabled={session.future.length === 0 || session.saving}
          onClick={() => dispatch({ type: 'redo' })}
        />
      </Tooltip>
      <Button disabled={session.saving} onClick={onDiscard}>
        {t('dashboardActions.edit.discard')}
      </Button>
      <Button type="primary" disabled={!session.unsaved} loading={session.saving} onClick={onSave}>
        {t('dashboardActions.edit.save')}
      </Button>
    </Flex>
  );
}
