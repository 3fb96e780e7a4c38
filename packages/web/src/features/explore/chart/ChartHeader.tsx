import {
  CaretRightOutlined,
  ConsoleSqlOutlined,
  DownloadOutlined,
  EditOutlined,
  FieldTimeOutlined,
  FileExcelOutlined,
  FileImageOutlined,
  FileTextOutlined,
  LinkOutlined,
  MoreOutlined,
  SaveOutlined,
  StopOutlined,
  TableOutlined,
} from '@ant-design/icons';
import { Button, Dropdown, Flex, type MenuProps, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportMenu } from '../../reports/index.ts';

export type ChartAction =
  | 'viewQuery'
  | 'runInSqlLab'
  | 'viewResults'
  | 'samples'
  | 'timing'
  | 'downloadCsv'
  | 'downloadXlsx'
  | 'downloadPivotCsv'
  | 'downloadFullCsv'
  | 'downloadImage'
  | 'share'
  | 'editProperties';

interface ChartHeaderProps {
  /** The name being edited (what Save writes). */
  sliceName: string;
  /** The name to show: the Russian variant in a Russian UI while the name is unchanged. */
  displayName: string;
  onRename: (name: string) => void;
  loading: boolean;
  /** Why Run cannot be pressed (failing controls); undefined when it can. */
  runBlockedReason: ReactNode | undefined;
  onRun: () => void;
  onStop: () => void;
  canSave: boolean;
  onSave: () => void;
  /** Menu entries that cannot be used now. */
  disabledActions: ReadonlySet<ChartAction>;
  /** Menu entries the user may not see at all (downloads without can_csv, properties without ownership). */
  hiddenActions: ReadonlySet<ChartAction>;
  onAction: (action: ChartAction) => void;
  /** The saved chart's "Manage email reports" entry; its clicks go to it, not to onAction. */
  reportMenu?: Pick<ReportMenu, 'item' | 'onClick'>;
}

/** The chart's header: its editable name, Run / Stop, Save and the actions menu. */
export function ChartHeader({
  sliceName,
  displayName,
  onRename,
  loading,
  runBlockedReason,
  onRun,
  onStop,
  canSave,
  onSave,
  disabledActions,
  hiddenActions,
  onAction,
  reportMenu,
}: ChartHeaderProps) {
  const { t } = useTranslation();

  const entry = (key: ChartAction, icon: ReactNode) =>
    hiddenActions.has(key)
      ? []
      : [{ key, icon, label: t(`explore.actions.${key}`), disabled: disabledActions.has(key) }];
  const downloads = [
    ...entry('downloadCsv', <FileTextOutlined />),
    ...entry('downloadXlsx', <FileExcelOutlined />),
    ...entry('downloadPivotCsv', <FileTextOutlined />),
    ...entry('downloadFullCsv', <FileTextOutlined />),
    ...entry('downloadImage', <FileImageOutlined />),
  ];
  const items: MenuProps['items'] = [
    ...entry('viewQuery', <ConsoleSqlOutlined />),
    ...entry('runInSqlLab', <ConsoleSqlOutlined />),
    ...entry('viewResults', <TableOutlined />),
    ...entry('samples', <TableOutlined />),
    ...entry('timing', <FieldTimeOutlined />),
    ...(downloads.length
      ? [
          { type: 'divider' as const },
          {
            key: 'download',
            icon: <DownloadOutlined />,
            label: t('explore.actions.download'),
            children: downloads,
          },
        ]
      : []),
    { type: 'divider' as const },
    ...entry('share', <LinkOutlined />),
    ...entry('editProperties', <EditOutlined />),
    ...(reportMenu?.item ? [{ type: 'divider' as const }, reportMenu.item] : []),
  ];

  const runButton = loading ? (
    <Button danger icon={<StopOutlined />} onClick={onStop} aria-label={t('explore.chart.stop')}>
      {t('explore.chart.stop')}
    </Button>
  ) : (
    <Tooltip title={runBlockedReason ?? t('explore.chart.runShortcut')}>
      <Button
        type="primary"
        icon={<CaretRightOutlined />}
        disabled={runBlockedReason !== undefined}
        onClick={onRun}
        aria-label={t('explore.chart.run')}
      >
        {t('explore.chart.run')}
      </Button>
    </Tooltip>
  );

  return (
    <Flex align="center" gap={8} wrap style={{ minHeight: 40 }}>
      <Typography.Title
        level={4}
        style={{ margin: 0, flex: 1, minWidth: 160 }}
        editable={{
          text: sliceName,
          onChange: (value) => onRename(value.trim()),
          tooltip: t('explore.chart.rename'),
          triggerType: ['icon', 'text'],
        }}
      >
        {displayName || <Typography.Text type="secondary">{t('explore.chart.untitled')}</Typography.Text>}
      </Typography.Title>
      {runButton}
      <Tooltip title={canSave ? undefined : t('explore.save.notAllowed')}>
        <Button icon={<SaveOutlined />} disabled={!canSave} onClick={onSave} aria-label={t('common.save')}>
          {t('common.save')}
        </Button>
      </Tooltip>
      <Dropdown
        trigger={['click']}
        menu={{
          items,
          onClick: ({ key }) => {
            if (!reportMenu?.onClick(key)) onAction(key as ChartAction);
          },
        }}
        placement="bottomRight"
      >
        <Button icon={<MoreOutlined />} aria-label={t('explore.actions.menu')} />
      </Dropdown>
    </Flex>
  );
}
