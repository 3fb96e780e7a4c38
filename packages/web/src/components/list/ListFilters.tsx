import { Flex, Input, Select, type SelectProps } from 'antd';
import type { ReactNode } from 'react';

/** A list's free-text search: it applies on Enter or the search button. */
export interface ListSearch {
  label: string;
  placeholder: string;
  onSearch: (text: string) => void;
  /** Pixels; 260 unless given. */
  width?: number;
}

/** One select of a list's filter bar; its label is its placeholder unless one is given. Clearable by default. */
export type ListSelectFilter = SelectProps & { key: string; label: string; width: number };

export interface ListFiltersProps {
  search?: ListSearch;
  /** A search made of more than one box (e.g. a field picker joined to the box), in place of `search`. */
  searchControl?: ReactNode;
  filters?: readonly ListSelectFilter[];
  /** Anything else the bar holds after the filters (e.g. a card view's sort). */
  extra?: ReactNode;
}

/** The filter bar over a list: the search box, then each filter's select. */
export function ListFilters({ search, searchControl, filters = [], extra }: ListFiltersProps) {
  if (!search && !searchControl && filters.length === 0 && !extra) return null;
  return (
    <Flex gap={12} wrap align="center">
      {searchControl}
      {search && (
        <Input.Search
          allowClear
          aria-label={search.label}
          placeholder={search.placeholder}
          style={{ width: search.width ?? 260 }}
          onSearch={search.onSearch}
        />
      )}
      {filters.map(({ key, label, width, ...props }) => (
        <Select key={key} allowClear aria-label={label} placeholder={label} style={{ width }} {...props} />
      ))}
      {extra}
    </Flex>
  );
}

/** A yes/no filter's options and its value as a boolean (undefined: cleared). */
export function yesNoFilter(
  t: (key: string) => string,
  onChange: (value: boolean | undefined) => void,
): Pick<SelectProps, 'options' | 'onChange'> {
  return {
    options: [
      { value: 'yes', label: t('common.yes') },
      { value: 'no', label: t('common.no') },
    ],
    onChange: (value: 'yes' | 'no' | undefined) =>
      onChange(value === undefined ? undefined : value === 'yes'),
  };
}
