import type { QueryColumn } from '@vitrina/common';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ControlFrame } from '../shared/ControlFrame.tsx';
import { asList } from '../shared/controlMeta.ts';
import { findColumn } from '../shared/datasetNames.ts';
import { OptionList } from '../shared/OptionList.tsx';
import type { ControlProps } from '../types.ts';
import { columnChipLabel } from './adhocColumn.ts';
import { ColumnEditor } from './ColumnEditor.tsx';

function ColumnList({
  multi,
  temporalFirst,
  ...props
}: ControlProps & { multi: boolean; temporalFirst: boolean }) {
  const { control, value, onChange, datasource, errors } = props;
  const { t, i18n } = useTranslation();
  const labelId = useId();
  const items = asList<QueryColumn>(value);

  return (
    <ControlFrame control={control} errors={errors} labelId={labelId}>
      <OptionList<QueryColumn, never>
        controlName={control.name}
        labelledBy={labelId}
        items={items}
        multi={multi}
        itemLabel={(column) => columnChipLabel(column, datasource, i18n.language)}
        placeholder={t(multi ? 'controls.column.dropColumns' : 'controls.column.dropColumn')}
        onChange={(next) => onChange(multi ? next : (next[0] ?? null))}
        onDropPayload={(payload) => {
          if (payload.kind !== 'column' || !findColumn(datasource, payload.name)) return null;
          return multi && items.includes(payload.name) ? null : { add: payload.name };
        }}
        renderEditor={({ item, onSave, onClose }) => (
          <ColumnEditor
            column={item}
            datasource={datasource}
            temporalFirst={temporalFirst}
            onSave={onSave}
            onClose={onClose}
          />
        )}
      />
    </ControlFrame>
  );
}

/** Dimensions: columns or adhoc SQL columns, reordered by drag. */
export function GroupByControl(props: ControlProps) {
  return <ColumnList {...props} multi={props.control.multi !== false} temporalFirst={false} />;
}

/** One column, or several when the control says multi. */
export function ColumnControl(props: ControlProps) {
  return <ColumnList {...props} multi={props.control.multi === true} temporalFirst={false} />;
}

/** The x-axis and other time columns: any column, the dataset's temporal ones listed first. */
export function TemporalColumnControl(props: ControlProps) {
  return <ColumnList {...props} multi={props.control.multi === true} temporalFirst />;
}
