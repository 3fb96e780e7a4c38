import { type ControlChoice, grainKey } from '@vitrina/common';
import { useTranslation } from 'react-i18next';
import type { ControlProps } from '../types.ts';
import { SelectControl } from './SelectControl.tsx';

/**
 * The grains a chart may use: the control's grains the dataset's engine supports, in the control's order,
 * then the engine's other grains. A dataset that lists none leaves the control's choices as they are.
 */
export function timeGrainChoices(
  controlChoices: readonly ControlChoice[],
  datasetGrains: ReadonlyArray<readonly [string, string]>,
  hasKey: (key: string) => boolean,
): ControlChoice[] {
  if (datasetGrains.length === 0) return [...controlChoices];
  const supported = new Set(datasetGrains.map(([grain]) => grain));
  const listed = controlChoices.filter((choice) => supported.has(String(choice.value)));
  const listedValues = new Set(listed.map((choice) => String(choice.value)));
  const extra = datasetGrains
    .filter(([grain]) => !listedValues.has(grain))
    .map(([grain, name]): ControlChoice => {
      const labelKey = `controls.timeGrains.${grainKey(grain)}`;
      return hasKey(labelKey) ? { value: grain, labelKey, label: name } : { value: grain, label: name };
    });
  return [...listed, ...extra];
}

export function TimeGrainControl(props: ControlProps) {
  const { i18n } = useTranslation();
  const choices = timeGrainChoices(
    props.control.choices ?? [],
    props.datasource.time_grain_sqla ?? [],
    (key) => i18n.exists(key),
  );
  return <SelectControl {...props} choices={choices} />;
}
