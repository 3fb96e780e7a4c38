import { PlusOutlined } from '@ant-design/icons';
import { Button, Input } from 'antd';

/** A list's search box: searches when its text is submitted; its label is also its placeholder. */
export function ListSearchBox({ label, onSearch }: { label: string; onSearch: (text: string) => void }) {
  return (
    <Input.Search
      allowClear
      aria-label={label}
      placeholder={label}
      style={{ width: 280 }}
      onSearch={onSearch}
    />
  );
}

/** The list's "add" button, for those who may add (undefined otherwise, as ListView's `extra`). */
export function listAddButton(mayAdd: boolean, label: string, onClick: () => void) {
  if (!mayAdd) return undefined;
  return (
    <Button type="primary" icon={<PlusOutlined />} onClick={onClick}>
      {label}
    </Button>
  );
}
