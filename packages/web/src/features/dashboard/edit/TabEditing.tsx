import type { LayoutNode } from '@vitrina/common';
import { Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditActions, useOptionalEditActions } from './editActions.ts';

/** Adding and removing tabs of one tabs component, through the layout's drop and delete. */
export function useTabEditing(tabs: LayoutNode) {
  const edits = useOptionalEditActions();
  return {
    addTab: () => edits?.drop({ type: 'TAB' }, { parentId: tabs.id, index: tabs.children.length }),
    removeTab: (tabId: string) => edits?.remove(tabId),
  };
}

/** A tab's title: double-click to rename; the change is made on Enter or when the field loses focus. */
export function TabTitleEditor({ tab }: { tab: LayoutNode }) {
  const { t } = useTranslation();
  const edits = useEditActions();
  const saved = tab.meta.text ?? '';
  const [renaming, setRenaming] = useState(false);
  const [text, setText] = useState(saved);
  useEffect(() => setText(saved), [saved]);
  if (!renaming) {
    return (
      // biome-ignore lint/a11y/noStaticElementInteractions: double-click renames a tab, as in Superset
      <span
        data-test="dashboard-tab-title"
        onDoubleClick={() => setRenaming(true)}
        title={t('dashboardEdit.tabs.renameHint')}
      >
        {saved || tab.meta.defaultText || t('dashboard.untitledTab')}
      </span>
    );
  }
  const commit = () => {
    setRenaming(false);
    if (text !== saved) edits.updateMeta(tab.id, { text });
  };
  return (
    <Input
      size="small"
      autoFocus
      value={text}
      aria-label={t('dashboardEdit.tabs.title')}
      style={{ width: 160 }}
      onChange={(event) => setText(event.target.value)}
      onKeyDown={(event) => event.stopPropagation()}
      onBlur={commit}
      onPressEnter={commit}
    />
  );
}
