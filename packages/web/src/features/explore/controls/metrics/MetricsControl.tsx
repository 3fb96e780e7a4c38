import type { QueryMetric } from '@vitrina/common';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ControlFrame } from '../shared/ControlFrame.tsx';
import { asList } from '../shared/controlMeta.ts';
import { findColumn, findMetric } from '../shared/datasetNames.ts';
import { OptionList } from '../shared/OptionList.tsx';
import type { ControlProps } from '../types.ts';
import { metricChipLabel } from './adhocMetric.ts';
import { MetricEditor } from './MetricEditor.tsx';

function MetricList({ multi, ...props }: ControlProps & { multi: boolean }) {
  const { control, value, onChange, datasource, errors } = props;
  const { t, i18n } = useTranslation();
  const labelId = useId();
  const items = asList<QueryMetric>(value);

  return (
    <ControlFrame control={control} errors={errors} labelId={labelId}>
      <OptionList<QueryMetric, string>
        controlName={control.name}
        labelledBy={labelId}
        items={items}
        multi={multi}
        itemLabel={(metric) => metricChipLabel(metric, datasource, i18n.language)}
        placeholder={t(multi ? 'controls.metricEditor.dropMetrics' : 'controls.metricEditor.dropMetric')}
        onChange={(next) => onChange(multi ? next : (next[0] ?? null))}
        onDropPayload={(payload) => {
          if (payload.kind === 'metric') {
            if (!findMetric(datasource, payload.name)) return null;
            return multi && items.includes(payload.name) ? null : { add: payload.name };
          }
          return findColumn(datasource, payload.name) ? { edit: payload.name } : null;
        }}
        renderEditor={({ item, seed, onSave, onClose }) => (
          <MetricEditor
            metric={item}
            seedColumn={seed}
            datasource={datasource}
            onSave={onSave}
            onClose={onClose}
          />
        )}
      />
    </ControlFrame>
  );
}

/** A list of metrics (saved or adhoc), reordered by drag. */
export function MetricsControl(props: ControlProps) {
  return <MetricList {...props} multi={props.control.multi !== false} />;
}

/** One metric (big number, sort by…). */
export function MetricControl(props: ControlProps) {
  return <MetricList {...props} multi={false} />;
}
