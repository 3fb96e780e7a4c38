import { QuestionCircleOutlined } from '@ant-design/icons';
import { Button, Popover, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Superset's SQL Lab shortcuts; Ctrl stands for Cmd on a Mac where the editor accepts both. */
export const SHORTCUTS = [
  { keys: 'Ctrl + Enter', action: 'sqlLab.shortcuts.run' },
  { keys: 'Ctrl + R', action: 'sqlLab.shortcuts.runAlt' },
  { keys: 'Ctrl + E', action: 'sqlLab.shortcuts.stop' },
  { keys: 'Ctrl + Shift + F', action: 'sqlLab.shortcuts.format' },
  { keys: 'Ctrl + T', action: 'sqlLab.shortcuts.newTab' },
] as const;

export function ShortcutsPopover() {
  const { t } = useTranslation();
  const content = (
    <table style={{ borderSpacing: '12px 4px' }}>
      <tbody>
        {SHORTCUTS.map((shortcut) => (
          <tr key={shortcut.keys}>
            <td>
              <Typography.Text keyboard>{shortcut.keys}</Typography.Text>
            </td>
            <td>{t(shortcut.action)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
  return (
    <Popover title={t('sqlLab.shortcuts.title')} content={content} trigger="click">
      <Button icon={<QuestionCircleOutlined />} aria-label={t('sqlLab.shortcuts.title')} />
    </Popover>
  );
}
