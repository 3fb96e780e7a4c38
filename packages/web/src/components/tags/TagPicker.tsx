import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTagOptions } from '../../api/tags.ts';
import { useDebouncedValue } from '../useDebouncedValue.ts';

/**
 * Picks an object's tags by name: the existing custom tags to choose from (searched as one types) and any
 * new name typed, which is made when the object's tags are saved.
 */
export function TagPicker({
  id,
  value,
  onChange,
}: {
  id?: string;
  value?: string[];
  onChange?: (names: string[]) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, 300);
  const options = useTagOptions(debounced);
  return (
    <Select
      id={id}
      mode="tags"
      value={value ?? []}
      onChange={(names: string[]) => onChange?.(names)}
      onSearch={setSearch}
      loading={options.isFetching}
      placeholder={t('tags.pickerPlaceholder')}
      aria-label={t('tags.picker')}
      tokenSeparators={[',']}
      options={(options.data ?? []).map((tag) => ({ value: tag.name, label: tag.name }))}
      style={{ width: '100%' }}
    />
  );
}
