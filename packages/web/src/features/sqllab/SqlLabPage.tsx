import { CopyOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Dropdown, Empty, Flex, Spin, Tabs } from 'antd';
import { useEffect, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeatureFlags } from '../../api/featureFlags.ts';
import { ErrorBox } from '../../components/index.ts';
import { EditorPane } from './editor/EditorPane.tsx';
import { RenameTabModal } from './editor/RenameTabModal.tsx';
import { defaultDatabaseId, replacementDatabaseId, useSqlLabDatabases } from './sqlLabDatabases.ts';
import { type EditorTab, editorReducer, initialEditorState } from './state/editorState.ts';
import { usePersistence } from './state/usePersistence.ts';
import { useQueryRunner } from './state/useQueryRunner.ts';
import { useRequestedQuery } from './state/useRequestedQuery.ts';

/** SQL Lab: tabs of SQL editors, each with its table browser, results and history. */
export function SqlLabPage() {
  const { t } = useTranslation();
  const [state, dispatch] = useReducer(editorReducer, undefined, () => initialEditorState());
  // SQLLAB_BACKEND_PERSISTENCE chooses where tabs live; the choice waits for the flags (unreadable
  // flags keep the tabs in this browser).
  const flags = useFeatureFlags();
  const backendPersistence = flags.isPending ? null : flags.data?.SQLLAB_BACKEND_PERSISTENCE === true;
  const { mode, configuredDbId } = usePersistence(state, dispatch, backendPersistence);
  const { run, stop } = useQueryRunner(state, dispatch);
  const databases = useSqlLabDatabases();
  useRequestedQuery(dispatch, mode);
  const [renaming, setRenaming] = useState<string | null>(null);

  useEffect(() => {
    document.title = `${t('nav.sqlLab')} · Vitrina`;
  }, [t]);

  // A tab without a database, or whose database was deleted or withdrawn from SQL Lab since, starts
  // on the default one (spec §9).
  const active = state.tabs.find((tab) => tab.id === state.activeTabId);
  const fallbackDb =
    configuredDbId === undefined ? null : defaultDatabaseId(databases.data ?? [], configuredDbId);
  const offered = databases.data;
  useEffect(() => {
    if (mode === 'loading' || !active || !active.loaded) return;
    const replacement = replacementDatabaseId(active.dbId, offered, fallbackDb);
    if (replacement !== null) {
      dispatch({
        type: 'updateTab',
        id: active.id,
        changes: { dbId: replacement, schema: null, catalog: null },
      });
    }
  }, [mode, active, fallbackDb, offered]);

  if (mode === 'loading') return <Spin style={{ display: 'block', margin: 48 }} />;

  const tabLabel = (tab: EditorTab) => (
    <Dropdown
      trigger={['contextMenu']}
      menu={{
        items: [
          { key: 'rename', icon: <EditOutlined />, label: t('sqlLab.tabs.rename') },
          { key: 'copy', icon: <CopyOutlined />, label: t('sqlLab.tabs.copy') },
          { key: 'close', label: t('sqlLab.tabs.close') },
          { key: 'closeOthers', label: t('sqlLab.tabs.closeOthers') },
        ],
        onClick: ({ key }) => tabMenu(key, tab),
      }}
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: double-click renames as in Superset; the context menu offers it too */}
      <span onDoubleClick={() => setRenaming(tab.id)} data-testid="sqllab-tab-title">
        {tab.name}
      </span>
    </Dropdown>
  );

  const tabMenu = (key: string, tab: EditorTab) => {
    if (key === 'rename') setRenaming(tab.id);
    else if (key === 'copy') dispatch({ type: 'copyTab', id: tab.id });
    else if (key === 'close') dispatch({ type: 'closeTab', id: tab.id });
    else if (key === 'closeOthers') dispatch({ type: 'closeOtherTabs', id: tab.id });
  };

  return (
    <Flex vertical gap={8} className="sqllab" data-testid="sqllab">
      {/* The editor needs every pixel; the page title is for screen readers and the window title. */}
      <h1 className="visually-hidden">{t('nav.sqlLab')}</h1>
      <Tabs
        type="editable-card"
        size="small"
        activeKey={state.activeTabId}
        onChange={(id) => dispatch({ type: 'activateTab', id })}
        onEdit={(target, action) => {
          if (action === 'add') dispatch({ type: 'addTab' });
          else if (typeof target === 'string') dispatch({ type: 'closeTab', id: target });
        }}
        addIcon={<PlusOutlined title={t('sqlLab.tabs.new')} />}
        locale={{
          addAriaLabel: t('sqlLab.tabs.new'),
          removeAriaLabel: t('sqlLab.tabs.close'),
          dropdownAriaLabel: t('common.moreTabs'),
        }}
        tabBarExtraContent={{
          right: (
            <Dropdown
              menu={{
                items: [
                  { key: 'previous', label: t('sqlLab.tabs.previous') },
                  { key: 'next', label: t('sqlLab.tabs.next') },
                  { key: 'copy', label: t('sqlLab.tabs.copy') },
                  { key: 'rename', label: t('sqlLab.tabs.rename') },
                  { key: 'closeOthers', label: t('sqlLab.tabs.closeOthers') },
                ],
                onClick: ({ key }) => {
                  if (key === 'previous') dispatch({ type: 'cycleTab', step: -1 });
                  else if (key === 'next') dispatch({ type: 'cycleTab', step: 1 });
                  else if (active) tabMenu(key, active);
                },
              }}
            >
              <button type="button" className="ant-btn ant-btn-text" aria-label={t('common.actions')}>
                ⋯
              </button>
            </Dropdown>
          ),
        }}
        items={state.tabs.map((tab) => ({ key: tab.id, label: tabLabel(tab), closable: true }))}
      />
      {databases.error && <ErrorBox error={databases.error} />}
      <RenameTabModal
        tab={state.tabs.find((tab) => tab.id === renaming)}
        onClose={() => setRenaming(null)}
        onRename={(id, name) => dispatch({ type: 'updateTab', id, changes: { name } })}
      />
      {active?.loaded ? (
        <EditorPane
          key={active.id}
          tab={active}
          state={state}
          dispatch={dispatch}
          databases={databases.data ?? []}
          mode={mode}
          run={run}
          stop={stop}
        />
      ) : active ? (
        <Spin style={{ display: 'block', margin: 48 }} />
      ) : (
        <Empty />
      )}
    </Flex>
  );
}
