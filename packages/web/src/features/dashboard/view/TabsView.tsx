import { nodeOf } from '@vitrina/common';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDashboardContext } from '../context.ts';
import { EditableFrame } from '../edit/EditableFrame.tsx';
import { TabTitleEditor, useTabEditing } from '../edit/TabEditing.tsx';
import { useCanvas } from './canvasContext.ts';
import type { NodeViewProps } from './nodeProps.ts';
import { TabView } from './TabView.tsx';

/**
 * Tabs: only the selected tab's content is mounted, so its charts ask for their data when the tab is
 * opened. In edit mode tabs can be added, removed and renamed.
 */
export function TabsView(props: NodeViewProps) {
  const { node, available } = props;
  const { t } = useTranslation();
  const { session } = useDashboardContext();
  const canvas = useCanvas();
  const tabs = node.children.map((id) => nodeOf(session.layout, id)).filter((tab) => tab !== undefined);
  const active = tabs.find((tab) => tab.id === canvas.activeTabs[node.id])?.id ?? tabs[0]?.id;
  const editing = session.editing;
  const tabEditing = useTabEditing(node);

  return (
    <EditableFrame {...props}>
      <div className="dashboard-tabs" data-test="dashboard-tabs" data-layout-id={node.id}>
        <Tabs
          activeKey={active}
          onChange={(key) => canvas.setActiveTab(node.id, key)}
          {...(editing
            ? {
                type: 'editable-card' as const,
                onEdit: (key, action) => {
                  if (action === 'add') tabEditing.addTab();
                  else if (typeof key === 'string') tabEditing.removeTab(key);
                },
                addIcon: <span title={t('dashboardEdit.tabs.add')}>+</span>,
              }
            : {})}
          {...(canvas.hideTab && !editing ? { renderTabBar: () => <></> } : {})}
          items={tabs.map((tab) => ({
            key: tab.id,
            closable: editing && tabs.length > 1,
            label: editing ? (
              <TabTitleEditor tab={tab} />
            ) : (
              <span data-test="dashboard-tab-title">
                {tab.meta.text || tab.meta.defaultText || t('dashboard.untitledTab')}
              </span>
            ),
            children:
              tab.id === active ? (
                <TabView
                  node={tab}
                  parentId={node.id}
                  index={node.children.indexOf(tab.id)}
                  available={available}
                />
              ) : null,
          }))}
        />
      </div>
    </EditableFrame>
  );
}
