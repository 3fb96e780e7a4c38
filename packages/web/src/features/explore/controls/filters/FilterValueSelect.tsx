import type { ExploreDataset } from '@vitrina/common';
import { AutoComplete, Select, Typography } from 'antd';
import type { ClipboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useColumnValues } from '../../../../api/columnValues.ts';
import { errorText } from '../../../../api/errors.ts';
import { hasSeparators, PASTE_SEPARATORS, splitPastedValues } from '../shared/splitValues.ts';
import type { FilterScalar } from './adhocFilter.ts';

interface FilterValueSelectProps {
  datasource: ExploreDataset;
  column: string;
  multi: boolean;
  value: FilterScalar | FilterScalar[];
  onChange: (value: FilterScalar | FilterScalar[]) => void;
}

const asText = (value: FilterScalar) => (value === null ? '' : String(value));

/**
 * The comparator input of a simple filter: the column's values from the database as suggestions, any
 * typed value allowed; several for IN / NOT IN, where pasted text is split into values.
 */
export function FilterValueSelect({ datasource, column, multi, value, onChange }: FilterValueSelectProps) {
  const { t } = useTranslation();
  const values = useColumnValues(datasource.type, datasource.id, column);
  const suggestions = (values.data ?? [])
    .filter((item) => item !== null)
    .map((item) => ({ value: asText(item), label: asText(item) }));
  const status = values.isLoading ? t('controls.common.loading') : undefined;
  const error = values.isError ? (
    <Typography.Text type="danger" role="alert" style={{ fontSize: 12 }}>
      {errorText(values.error, t)}
    </Typography.Text>
  ) : null;

  if (multi) {
    const current = (Array.isArray(value) ? value : value === null ? [] : [value]).map(asText);
    const onPaste = (event: ClipboardEvent) => {
      const text = event.clipboardData.getData('text');
      if (!hasSeparators(text)) return;
      event.preventDefault();
      const pasted = splitPastedValues(text).filter((item) => !current.includes(item));
      onChange([...current, ...pasted]);
    };
    return (
      <div onPasteCapture={onPaste}>
        <Select
          aria-label={t('controls.filter.values')}
          mode="tags"
          style={{ width: '100%' }}
          tokenSeparators={[...PASTE_SEPARATORS]}
          placeholder={t('controls.filter.valuesPlaceholder')}
          value={current}
          onChange={(next: string[]) => onChange(next)}
          options={suggestions}
          loading={values.isLoading}
          notFoundContent={status}
          maxTagCount="responsive"
        />
        {error}
      </div>
    );
  }

  const text = Array.isArray(value) ? asText(value[0] ?? null) : asText(value);
  return (
    <div>
      <AutoComplete
        aria-label={t('controls.filter.value')}
        style={{ width: '100%' }}
        placeholder={t('controls.filter.valuePlaceholder')}
        value={text}
        onChange={(next: string) => onChange(next)}
        options={suggestions}
        showSearch={{
          filterOption: (input, option) =>
            String(option?.value ?? '')
              .toLowerCase()
              .includes(input.toLowerCase()),
        }}
        notFoundContent={status}
      />
      {error}
    </div>
  );
}
