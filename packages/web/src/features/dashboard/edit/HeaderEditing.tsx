import { FontSizeOutlined } from '@ant-design/icons';
import { HEADER_SIZES, type HeaderSize, type LayoutNode } from '@vitrina/common';
import { Button, Dropdown, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditActions } from './editActions.ts';

const SIZE_LABEL_KEYS: Record<HeaderSize, string> = {
  SMALL_HEADER: 'dashboardEdit.header.small',
  MEDIUM_HEADER: 'dashboardEdit.header.medium',
  LARGE_HEADER: 'dashboardEdit.header.large',
};

/** The header's size menu. */
export function HeaderControls({ node }: { node: LayoutNode }) {
  const { t } = useTranslation();
  const edits = useEditActions();
  const current = node.meta.headerSize ?? 'MEDIUM_HEADER';
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: HEADER_SIZES.map((size) => ({ key: size, label: t(SIZE_LABEL_KEYS[size]) })),
        onClick: ({ key }) => edits.updateMeta(node.id, { headerSize: key }),
      }}
    >
      <Button
        size="small"
        type="text"
        icon={<FontSizeOutlined />}
        aria-label={t('dashboardEdit.header.size')}
      />
    </Dropdown>
  );
}

/** The header text, edited in place; the change is made when the field loses focus or on Enter. */
export function HeaderTextEditor({ node }: { node: LayoutNode }) {
  const { t } = useTranslation();
  const edits = useEditActions();
  const saved = node.meta.text ?? '';
  const [text, setText] = useState(saved);
  useEffect(() => setText(saved), [saved]);
  const commit = () => {
    if (text !== saved) edits.updateMeta(node.id, { text });
  };
  return (
    <Input
      variant="borderless"
      value={text}
      aria-label={t('dashboardEdit.header.text')}
      placeholder={t('dashboardEdit.header.placeholder')}
      style={{ font: 'inherit', padding: 0 }}
      onChange={(event) => setText(event.target.value)}
      onBlur={commit}
      onPressEnter={commit}
    />
  );
}
