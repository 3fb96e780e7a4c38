import { Select } from 'antd';
import { useState } from 'react';
import { useDebouncedValue } from '../../components/index.ts';
import { type PickableKind, usePickableObjects } from './api.ts';
import type { PickedObject } from './tagForm.ts';

/** Picks dashboards, charts or saved queries by name, searched on the server as one types. */
export function ObjectPicker({
  id,
  kind,
  label,
  value,
  onChange,
}: {
  id: string;
  kind: PickableKind;
  label: string;
  value?: PickedObject[];
  onChange?: (objects: PickedObject[]) => void;
}) {
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const options = usePickableObjects(kind, useDebouncedValue(search, 300), open);
  return (
    <Select<PickedObject[]>
      id={id}
      mode="multiple"
      labelInValue
      allowClear
      aria-label={label}
      placeholder={label}
      value={value ?? []}
      onChange={(objects) => onChange?.(objects.map(({ value, label }) => ({ value, label: String(label) })))}
      onOpenChange={setOpen}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      loading={options.isFetching}
      options={options.data ?? []}
      style={{ width: '100%' }}
    />
  );
}
