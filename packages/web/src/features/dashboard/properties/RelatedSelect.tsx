import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { useDashboardRelated } from '../../../api/dashboards.ts';

export interface RelatedItem {
  id: number;
  name: string;
}

interface RelatedSelectProps {
  field: 'owners' | 'roles';
  value: RelatedItem[];
  onChange: (items: RelatedItem[]) => void;
  placeholder: string;
  id?: string;
}

const SEARCH_DELAY_MS = 300;

/** Picks users (or roles) by searching `/api/v1/dashboard/related/{field}`; keeps the chosen ones' names. */
export function RelatedSelect({ field, value, onChange, placeholder, id }: RelatedSelectProps) {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const related = useDashboardRelated(field, search);
  const found = (related.data ?? []).map((option) => ({ value: option.value, label: option.text }));
  const chosen = value.map((item) => ({ value: item.id, label: item.name }));
  const options = [...chosen, ...found.filter((option) => !value.some((item) => item.id === option.value))];
  return (
    <Select
      {...(id ? { id } : {})}
      mode="multiple"
      labelInValue
      showSearch
      filterOption={false}
      loading={related.isFetching}
      placeholder={placeholder}
      value={chosen}
      options={options}
      onSearch={setTyped}
      onChange={(items: Array<{ value: number; label: unknown }>) =>
        onChange(
          items.map((item) => ({
            id: item.value,
            name: typeof item.label === 'string' ? item.label : String(item.value),
          })),
        )
      }
    />
  );
}
