import { Checkbox, Flex, Input, InputNumber, Radio, Slider } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ControlErrors, ControlFrame, DescriptionTip, RequiredMark } from '../shared/ControlFrame.tsx';
import { choiceLabel } from '../shared/controlMeta.ts';
import type { ControlProps } from '../types.ts';

const textOf = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/** One line of text. */
export function TextControl({ control, value, onChange, errors }: ControlProps) {
  const id = useId();
  return (
    <ControlFrame control={control} errors={errors} htmlFor={id}>
      <Input
        id={id}
        value={textOf(value)}
        status={errors.length > 0 ? 'error' : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
    </ControlFrame>
  );
}

/** Several lines of text (markdown, descriptions). */
export function TextAreaControl({ control, value, onChange, errors }: ControlProps) {
  const id = useId();
  return (
    <ControlFrame control={control} errors={errors} htmlFor={id}>
      <Input.TextArea
        id={id}
        value={textOf(value)}
        autoSize={{ minRows: 3, maxRows: 12 }}
        status={errors.length > 0 ? 'error' : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
    </ControlFrame>
  );
}

/** A number within the control's min / max / step; emptied, it is null. */
export function NumberControl({ control, value, onChange, errors }: ControlProps) {
  const id = useId();
  const number = typeof value === 'number' ? value : value === '' || value == null ? null : Number(value);
  return (
    <ControlFrame control={control} errors={errors} htmlFor={id}>
      <InputNumber
        id={id}
        style={{ width: '100%' }}
        min={control.min}
        max={control.max}
        step={control.step}
        value={number !== null && Number.isFinite(number) ? number : null}
        status={errors.length > 0 ? 'error' : undefined}
        onChange={(next) => onChange(typeof next === 'number' ? next : null)}
      />
    </ControlFrame>
  );
}

/** A number picked on a slider (opacity, line width…), with its value shown beside it. */
export function SliderControl({ control, value, onChange, errors }: ControlProps) {
  const { t } = useTranslation();
  const min = control.min ?? 0;
  const max = control.max ?? 100;
  const number = typeof value === 'number' ? value : Number(value ?? control.default ?? min);
  return (
    <ControlFrame control={control} errors={errors}>
      <Slider
        aria-label={t(control.labelKey)}
        min={min}
        max={max}
        step={control.step ?? 1}
        value={Number.isFinite(number) ? number : min}
        onChange={(next: number) => onChange(next)}
      />
    </ControlFrame>
  );
}

/** A yes / no setting: the label sits beside the box. */
export function CheckboxControl({ control, value, onChange, errors }: ControlProps) {
  const { t } = useTranslation();
  return (
    <div className="explore-control" data-control={control.name}>
      <Flex align="center" gap={4}>
        <Checkbox checked={value === true} onChange={(event) => onChange(event.target.checked)}>
          {t(control.labelKey)}
          <RequiredMark control={control} />
        </Checkbox>
        <DescriptionTip control={control} />
      </Flex>
      <ControlErrors errors={errors} />
    </div>
  );
}

/** One of a few choices, as buttons. */
export function RadioButtonControl({ control, value, onChange, errors }: ControlProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const choices = control.choices ?? [];
  const index = choices.findIndex((choice) => choice.value === value);
  return (
    <ControlFrame control={control} errors={errors} labelId={labelId}>
      <Radio.Group
        aria-labelledby={labelId}
        optionType="button"
        buttonStyle="solid"
        // Choice values may be booleans or null; the group works with their positions.
        value={index === -1 ? undefined : index}
        onChange={(event) => onChange(choices[event.target.value as number]?.value ?? null)}
        options={choices.map((choice, position) => ({ value: position, label: choiceLabel(choice, t) }))}
      />
    </ControlFrame>
  );
}
