import { EditOutlined, EyeOutlined } from '@ant-design/icons';
import type { LayoutNode } from '@vitrina/common';
import { Button, Input, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditActions } from './editActions.ts';

/** Switches a markdown component between its editor and its preview. */
export function MarkdownModeToggle({
  editing,
  onChange,
}: {
  editing: boolean;
  onChange: (editing: boolean) => void;
}) {
  const { t } = useTranslation();
  const label = editing ? t('dashboardEdit.markdown.preview') : t('dashboardEdit.markdown.edit');
  return (
    <Tooltip title={label}>
      <Button
        size="small"
        type="text"
        icon={editing ? <EyeOutlined /> : <EditOutlined />}
        aria-label={label}
        data-test="markdown-mode"
        onClick={() => onChange(!editing)}
      />
    </Tooltip>
  );
}

/** The markdown source in a text area; the change is made when the area loses focus. */
export function MarkdownEditor({ node }: { node: LayoutNode }) {
  const { t } = useTranslation();
  const edits = useEditActions();
  const saved = node.meta.code ?? '';
  const [code, setCode] = useState(saved);
  useEffect(() => setCode(saved), [saved]);
  return (
    <Input.TextArea
      value={code}
      aria-label={t('dashboardEdit.markdown.source')}
      style={{ height: '100%', resize: 'none', fontFamily: 'monospace' }}
      onChange={(event) => setCode(event.target.value)}
      onBlur={() => {
        if (code !== saved) edits.updateMeta(node.id, { code });
      }}
    />
  );
}
