import { controlFlag } from '@vitrina/common/filters/items';
import { filterTypes } from '@vitrina/common/filters/registry';
import { SELECT_DEFAULTS } from '@vitrina/common/filters/select/controlPanel';
import { firstItemValue, selectedValues } from '@vitrina/common/filters/select/mask';
import { Select, Tag } from 'antd';
import { type ClipboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { optionsLook } from './optionsPlaceholder.ts';
import { pastedValues } from './pasteValues.ts';
import {
  keyOf,
  pastLoadThreshold,
  SELECT_ALL_KEY,
  selectEntries,
  selectedKeys,
  valuesFromKeys,
} from './selectOptions.ts';
import type { FilterControlProps } from './types.ts';
import { useFilterOptions } from './useFilterOptions.ts';

/** How long typing pauses before a server-side search goes out. */
const SEARCH_DEBOUNCE_MS = 300;

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** The value filter: single or multiple select over the column's values, searched, pasted into, paged. */
export function SelectFilterControl({
  filter,
  mask,
  onChange,
  onDefault,
  parentsExtraFormData,
  ariaLabel,
  compact,
}: FilterControlProps) {
  const { t } = useTranslation();
  const multi = controlFlag(filter, 'multiSelect', SELECT_DEFAULTS.multiSelect);
  const searchAll = controlFlag(filter, 'searchAllOptions', SELECT_DEFAULTS.searchAllOptions);
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const serverSearch = useDebounced(searchAll ? search : '', SEARCH_DEBOUNCE_MS);
  const state = useFilterOptions(filter, {
    parentsExtraFormData,
    search: serverSearch,
    // 'search all options' loads on open; a short list loads at once (its first value may be the default).
    enabled: !searchAll || open,
  });
  const options = state.data?.kind === 'options' ? state.data.options : [];
  const look = optionsLook(state.error, options.length, t);
  const chosen = selectedValues(filter, mask?.filterState?.value);
  const maskOf = (value: unknown) => filterTypes.filter_select.maskFromValue(filter, value);

  // 'Select first filter value by default': once, when the options arrive and nothing is chosen.
  const defaulted = useRef(false);
  useEffect(() => {
    if (defaulted.current || !state.data || chosen.length > 0) return;
    const first = firstItemValue(filter, options);
    if (!first) return;
    defaulted.current = true;
    onDefault(maskOf(first));
  });

  const held = multi ? selectedKeys(options, chosen, { multi, search }) : [];
  const entries = useMemo(
    () => selectEntries(options, chosen, { multi, search, selectAllLabel: t('nativeFilters.bar.selectAll') }),
    [options, chosen, multi, search, t],
  );

  const onPaste = (event: ClipboardEvent) => {
    const text = event.clipboardData.getData('text');
    if (!/[,\n\t;]/.test(text)) return;
    event.preventDefault();
    const pasted = pastedValues(text, options, searchAll);
    if (pasted.length === 0) return;
    const next = multi
      ? [...chosen, ...pasted.filter((value) => !chosen.includes(value))]
      : pasted.slice(0, 1);
    onChange(maskOf(next));
    setSearch('');
  };

  return (
    <div onPasteCapture={onPaste} data-test="filter-select">
      <Select
        aria-label={ariaLabel}
        mode={multi ? 'multiple' : undefined}
        allowClear
        showSearch
        style={{ width: '100%', minWidth: compact ? 160 : undefined }}
        maxTagCount={compact ? 'responsive' : undefined}
        placeholder={look.placeholder}
        disabled={look.disabled}
        loading={state.loading}
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          // A search belongs to one opening of the list.
          if (!next) setSearch('');
        }}
        searchValue={search}
        onSearch={setSearch}
        // Searched on the server with 'search all options'; in the loaded list otherwise.
        filterOption={
          searchAll
            ? false
            : (input, option) =>
                String(option?.label ?? '')
                  .toLowerCase()
                  .includes(input.toLowerCase())
        }
        options={entries}
        value={multi ? held : chosen[0] === undefined ? undefined : keyOf(chosen[0])}
        // The select-all entry shows as chosen in the list, not as a tag beside the values.
        tagRender={(tag) =>
          tag.value === SELECT_ALL_KEY ? (
            <span hidden />
          ) : (
            <Tag
              closable={tag.closable}
              onClose={tag.onClose}
              onMouseDown={(event) => event.preventDefault()}
              style={{ marginInlineEnd: 4 }}
            >
              {tag.label}
            </Tag>
          )
        }
        onChange={(next: string | string[] | undefined) => {
          const keys = next === undefined ? [] : Array.isArray(next) ? next : [next];
          onChange(maskOf(valuesFromKeys(keys, options, held)));
          setSearch('');
        }}
        onPopupScroll={(event) => {
          if (pastLoadThreshold(event.currentTarget)) state.loadMore();
        }}
        // The shared selects' texts: 'Loading...' while the options load, else the error inline.
        notFoundContent={
          state.error ? state.error.message : state.loading ? t('controls.common.loading') : undefined
        }
        status={look.status}
      />
    </div>
  );
}
