import { type DashboardLayout, type LayoutNode, nodeOf } from '@vitrina/common';
import { Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDashboardContext } from '../context.ts';
import { EditableFrame } from '../edit/EditableFrame.tsx';
import { TabTitleEditor, useTabEditing } from '../edit/TabEditing.tsx';
import { useCanvas } from './canvasContext.ts';
import type { NodeViewProps } from './nodeProps.ts';
import { TabView } from './TabView.tsx';

/**
 * Tabs: only the selected tab's content is mounted, so its charts ask for their data when the tab is
 * opened. In edit mode tabs can be added, removed and renamed. In report mode (a picture) the tabs
 * are shown one under another instead.
 */
export function TabsView(props: NodeViewProps) {
  const { session } = useDashboardContext();
  const canvas = useCanvas();
  const tabs = tabsOf(props.node, session.layout);
  if (canvas.reportTabs && !session.editing) {
    return <StackedTabs {...props} tabs={tabs} shown={canvas.reportTabs} />;
  }
  return <TabbedTabs {...props} tabs={tabs} />;
}

function tabsOf(node: LayoutNode, layout: DashboardLayout): LayoutNode[] {
  return node.children.map((id) => nodeOf(layout, id)).filter((tab) => tab !== undefined);
}

function useTabTitle() {
  const { t } = useTranslation();
  return (tab: LayoutNode) => tab.meta.text || tab.meta.defaultText || t('dashboard.untitledTab');
}

/** Report mode: each tab (or each listed one) under its title; a PDF page per top-level section. */
function StackedTabs({
  node,
  available,
  tabs,
  shown,
}: NodeViewProps & { tabs: LayoutNode[]; shown: ReadonlySet<string> }) {
  const title = useTabTitle();
  const listed = tabs.filter((tab) => shown.has(tab.id));
  return (
    <div className="dashboard-tabs" data-test="dashboard-tabs" data-layout-id={node.id}>
      {(listed.length > 0 ? listed : tabs).map((tab) => (
        <section key={tab.id} data-report-tab={tab.id} style={{ paddingBottom: 16 }}>
          <Typography.Title level={4} style={{ margin: '8px 0' }} data-test="dashboard-tab-title">
            {title(tab)}
          </Typography.Title>
          <TabView
            node={tab}
            parentId={node.id}
            index={node.children.indexOf(tab.id)}
            available={available}
          />
        </section>
      ))}
    </div>
  );
}

function TabbedTabs(props: NodeViewProps & { tabs: LayoutNode[] }) {
  const { node, available, tabs } = props;
  const { t } = useTranslation();
  const title = useTabTitle();
  const { session } = useDashboardContext();
  const canvas = useCanvas();
  const active = tabs.find((tab) => tab.id === canvas.activeTabs[node.id])?.id ?? tabs[0]?.id;
  const editing = session.editing;
  const tabEditing = useTabEditing(node);

  return (
    <EditableFrame {...props}>
      <div className="dashboard-tabs" data-test="dashboard-tabs" data-layout-id={node.id}>
        <Tabs
          activeKey={active}
          onChange={(key) => canvas.setActiveTab(node.id, key)}
          locale={{
            addAriaLabel: t('dashboardEdit.tabs.add'),
            removeAriaLabel: t('dashboardEdit.tabs.remove'),
            dropdownAriaLabel: t('common.moreTabs'),
          }}
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
              <span data-test="dashboard-tab-title">{title(tab)}</span>
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
